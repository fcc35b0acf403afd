import type { Db } from '../../db/database.ts';
import { publishTermsVersionOnce } from './terms.repository.ts';

const TERMS_NB = `Brukervilkår for FAST – anlegg og kart

FAST gir kommuner, brann- og redningsvesen, 110-sentraler, statsforvaltere og fylkeskommuner oversikt over anlegg som håndterer farlig stoff og eksplosiver.

Opplysningene i FAST er taushetsbelagte eller skjermingsverdige. Ved å ta tjenesten i bruk forplikter du deg til å:
– bare bruke opplysningene i arbeidet med beredskap, tilsyn, arealplanlegging og håndtering av hendelser for virksomheten du representerer,
– ikke gi opplysningene videre til noen som ikke har tjenstlig behov for dem,
– lagre eksporterte filer og rapporter forsvarlig og slette dem når behovet er borte.

Direktoratet for samfunnssikkerhet og beredskap logger hvem som ser, laster ned og eksporterer opplysninger om hvert anlegg. Brudd på vilkårene kan føre til at tilgangen trekkes tilbake.`;

const TERMS_NN = `Brukarvilkår for FAST – anlegg og kart

FAST gir kommunar, brann- og redningsvesen, 110-sentralar, statsforvaltarar og fylkeskommunar oversikt over anlegg som handterer farleg stoff og eksplosiv.

Opplysningane i FAST er underlagde teieplikt eller skjermingsverdige. Når du tek tenesta i bruk, forpliktar du deg til å:
– berre bruke opplysningane i arbeidet med beredskap, tilsyn, arealplanlegging og handtering av hendingar for verksemda du representerer,
– ikkje gi opplysningane vidare til nokon som ikkje har tenestleg behov for dei,
– lagre eksporterte filer og rapportar forsvarleg og slette dei når behovet er borte.

Direktoratet for samfunnstryggleik og beredskap loggar kven som ser, lastar ned og eksporterer opplysningar om kvart anlegg. Brot på vilkåra kan føre til at tilgangen blir trekt tilbake.`;

/** The first version of the terms of use: the app cannot be used before a version exists. */
export async function ensureTermsPublished(db: Db): Promise<void> {
  await publishTermsVersionOnce(db, { version: 1, text_nb: TERMS_NB, text_nn: TERMS_NN });
}
