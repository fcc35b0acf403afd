import { i18next } from '../../../i18n/i18n.ts';
import { vulnerable } from '../../../i18n/locales/nb/vulnerable.ts';

// The vulnerable objects' Bokmål comes with the screens that show them (incident, map), not with
// the landing page (see i18n/locales/nb.ts); Nynorsk has it in nn.json. Added under the bundled
// texts, never over them.
i18next.addResourceBundle('nb', 'translation', { vulnerable }, true, false);
