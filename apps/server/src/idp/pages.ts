/** The development identity provider's pages: Norwegian, self-contained, no external assets. */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f6;color:#1e2b3c}
  main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
  h1{font-size:1.5rem;margin:0 0 .25rem}
  p{margin:.25rem 0 1.25rem;color:#4b5563}
  label{display:block;font-weight:600;margin:1rem 0 .35rem}
  input{width:100%;padding:.65rem .75rem;font-size:1rem;border:1px solid #68707c;border-radius:4px}
  input:focus{outline:3px solid #0062ba;outline-offset:1px}
  button{margin-top:1.5rem;width:100%;padding:.75rem;font-size:1rem;font-weight:600;color:#fff;background:#0062ba;border:0;border-radius:4px;cursor:pointer}
  button.secondary{background:#fff;color:#0062ba;border:2px solid #0062ba;margin-top:.75rem}
  .error{padding:.75rem;border-left:4px solid #c01b1b;background:#fbeaea;color:#5e0d0d;margin:1rem 0 0}
  .demo{font-size:.875rem;margin-top:1.5rem;color:#4b5563}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export function loginPage(options: { action: string; username?: string; error?: string; demoUsers: string[] }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  const demo = options.demoUsers.length
    ? `<p class="demo">Utviklingsinnlogging. Demobrukere (passord «demo»): ${options.demoUsers.map(escapeHtml).join(', ')}.</p>`
    : '';
  return page(
    'Logg inn – FAST',
    `<h1>Logg inn</h1>
<p>FAST – anlegg og kart</p>
${error}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="off">
  <label for="username">Brukernavn</label>
  <input id="username" name="username" required autofocus value="${escapeHtml(options.username ?? '')}">
  <label for="password">Passord</label>
  <input id="password" name="password" type="password" required>
  <button type="submit">Logg inn</button>
</form>
${demo}`,
  );
}

/**
 * Signing out of FAST is the user's own request from the app (or "Avslå" on the terms), so the
 * page confirms by itself; the buttons remain for a browser without script.
 */
export function logoutPage(form: string, autoSubmitScript: string): string {
  return page(
    'Logg ut – FAST',
    `<h1>Logger ut …</h1>
<p>Du logges ut av FAST.</p>
${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout" autofocus>Logg ut</button>
<button type="submit" form="op.logoutForm" class="secondary">Forbli innlogget</button>
<script src="${escapeHtml(autoSubmitScript)}"></script>`,
  );
}

/** Submits the provider's logout form with "yes": served as a file, since the CSP allows no inline script. */
export const AUTO_LOGOUT_SCRIPT = `(() => {
  const form = document.getElementById('op.logoutForm');
  if (!form) return;
  const yes = document.createElement('input');
  yes.type = 'hidden';
  yes.name = 'logout';
  yes.value = 'yes';
  form.appendChild(yes);
  form.submit();
})();
`;

export function loggedOutPage(): string {
  return page('Logget ut – FAST', '<h1>Du er logget ut</h1><p>Du kan lukke dette vinduet.</p>');
}

export function errorPage(message: string): string {
  return page('Feil – FAST', `<h1>Innloggingen feilet</h1><p class="error" role="alert">${escapeHtml(message)}</p>`);
}
