import { i18next } from '../../../i18n/i18n.ts';
import { zones } from '../../../i18n/locales/nb/zones.ts';

// The zones' Bokmål comes with the screens that use it, not with the landing page (see
// i18n/locales/nb.ts); Nynorsk has it in nn.json. Added under the bundled texts, never over them.
i18next.addResourceBundle('nb', 'translation', { zones }, true, false);
