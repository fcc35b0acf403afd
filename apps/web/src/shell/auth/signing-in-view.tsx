import { PageLoading } from '../../components/page-loading.tsx';

/** While the session starts or the browser is on its way to the identity provider. */
export function SigningInView() {
  return <PageLoading text="auth.notLoggedIn" />;
}
