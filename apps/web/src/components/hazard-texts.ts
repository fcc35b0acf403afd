import { i18next } from '../i18n/i18n.ts';
import { hazard } from '../i18n/locales/nb/hazard.ts';

// The hazard cards' Bokmål (labels, plates, ERG distances) comes with the screens that show them
// (facility, map, incident), not with the landing page (see i18n/locales/nb.ts); Nynorsk has it
// in nn.json. Added under the bundled texts, never over them.
i18next.addResourceBundle('nb', 'translation', { hazard }, true, false);
