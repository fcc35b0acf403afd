import { i18next } from '../../i18n/i18n.ts';
import { referenceLayers } from '../../i18n/locales/nb/reference-layers.ts';

// The reference data tab's Bokmål comes with the admin screen, not with the landing page (see
// i18n/locales/nb.ts); Nynorsk has it in nn.json. Merged into `admin`, under the bundled texts.
i18next.addResourceBundle('nb', 'translation', { admin: { referenceLayers } }, true, false);
