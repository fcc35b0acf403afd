# ERG guides used by the cards. Titles and essentials are our own Norwegian wording, written
# per guide from the guide's content; distances (metres) are the guide's own figures.
# iso = immediate precautionary isolation (liquids, or all); isoSolid = for solids where the guide
# gives a separate figure; evac = large-spill evacuation (None where the guide refers to Table 1);
# fire = isolation when a tank (for explosives: a vehicle or trailer) is involved in a fire.
# edition / read_in: the ERG edition the figures were read from and where (see ../README.md).
G = {}
ERG2024 = 'cmc2765/hazmat-response-support server/public/data/erg-guides-2024.json @ f75fc7b'
def g(n, iso, evac, fire, nb_title, nn_title, nb, nn, iso_solid=None, edition='2024', read_in=ERG2024):
    G[n] = dict(iso=iso, isoSolid=iso_solid, evac=evac, fire=fire, title={'nb': nb_title, 'nn': nn_title},
                essentials={'nb': nb, 'nn': nn}, edition=edition, readIn=read_in)

GAS_FIRST_NB = ['Stans lekkasjen bare hvis det kan gjøres uten risiko.', 'Ikke slukk en brennende gasslekkasje før tilførselen kan stenges.', 'Kjøl beholdere med rikelig vann fra god avstand.']
GAS_FIRST_NN = ['Stans lekkasjen berre om det kan gjerast utan risiko.', 'Ikkje slokk ein brennande gasslekkasje før tilførselen kan stengjast.', 'Kjøl behaldarar med rikeleg vatn frå god avstand.']

g(115, 100, 800, 1600, 'Gasser – brannfarlige (også nedkjølte væsker)', 'Gassar – brannfarlege (òg nedkjølte væsker)',
  {'fire': ['Ekstremt brannfarlig; danner eksplosive blandinger med luft.', 'Tank i brann kan eksplodere (BLEVE).'],
   'health': ['Kan kvele i lukkede rom.', 'Kontakt med flytende gass gir frostskader.'],
   'publicSafety': ['Hold folk unna og hold deg på vindsiden.', 'Gassen kan samle seg i lavpunkter og kummer.'],
   'protection': ['Røykdykkerutstyr (trykkluft) og vanlig brannverntøy.'],
   'firstActions': ['Fjern alle tennkilder.'] + GAS_FIRST_NB},
  {'fire': ['Ekstremt brannfarleg; lagar eksplosive blandingar med luft.', 'Tank i brann kan eksplodere (BLEVE).'],
   'health': ['Kan kvele i lukka rom.', 'Kontakt med flytande gass gjev frostskadar.'],
   'publicSafety': ['Hald folk unna og hald deg på vindsida.', 'Gassen kan samle seg i lågpunkt og kummar.'],
   'protection': ['Røykdykkarutstyr (trykkluft) og vanleg brannverntøy.'],
   'firstActions': ['Fjern alle tennkjelder.'] + GAS_FIRST_NN})
g(116, 100, 800, 1600, 'Gasser – brannfarlige (ustabile)', 'Gassar – brannfarlege (ustabile)',
  {'fire': ['Ekstremt brannfarlig; kan reagere eksplosivt også uten luft.', 'Flasker i brann kan eksplodere og bli prosjektiler.'],
   'health': ['Kan kvele i lukkede rom.'], 'publicSafety': ['Hold folk unna og hold deg på vindsiden.'],
   'protection': ['Røykdykkerutstyr (trykkluft) og vanlig brannverntøy.'], 'firstActions': ['Fjern alle tennkilder.'] + GAS_FIRST_NB},
  {'fire': ['Ekstremt brannfarleg; kan reagere eksplosivt òg utan luft.', 'Flasker i brann kan eksplodere og bli prosjektil.'],
   'health': ['Kan kvele i lukka rom.'], 'publicSafety': ['Hald folk unna og hald deg på vindsida.'],
   'protection': ['Røykdykkarutstyr (trykkluft) og vanleg brannverntøy.'], 'firstActions': ['Fjern alle tennkjelder.'] + GAS_FIRST_NN})
TOXGAS_NB = {'health': ['Svært giftig ved innånding; kan være dødelig.', 'Kontakt med flytende gass gir frostskader.'],
   'publicSafety': ['Hold folk unna, hold deg på vindsiden og varsle om innendørsopphold i vindretningen.', 'Se tabell 1 for sikringsavstander.'],
   'protection': ['Røykdykkerutstyr og kjemikaliedrakt når det ikke er brannfare.']}
TOXGAS_NN = {'health': ['Svært giftig ved innanding; kan vere dødeleg.', 'Kontakt med flytande gass gjev frostskadar.'],
   'publicSafety': ['Hald folk unna, hald deg på vindsida og varsle om innandørsopphald i vindretninga.', 'Sjå tabell 1 for sikringsavstandar.'],
   'protection': ['Røykdykkarutstyr og kjemikaliedrakt når det ikkje er brannfare.']}
g(117, 100, None, 1600, 'Gasser – giftige, brannfarlige (ekstrem fare)', 'Gassar – giftige, brannfarlege (ekstrem fare)',
  dict(TOXGAS_NB, fire=['Ekstremt brannfarlig og svært giftig.'], firstActions=['Fjern tennkilder.'] + GAS_FIRST_NB),
  dict(TOXGAS_NN, fire=['Ekstremt brannfarleg og svært giftig.'], firstActions=['Fjern tennkjelder.'] + GAS_FIRST_NN))
g(119, 100, None, 1600, 'Gasser – giftige, brannfarlige', 'Gassar – giftige, brannfarlege',
  dict(TOXGAS_NB, fire=['Brannfarlig; kan danne eksplosive blandinger med luft.'], firstActions=['Fjern tennkilder.'] + GAS_FIRST_NB),
  dict(TOXGAS_NN, fire=['Brannfarleg; kan lage eksplosive blandingar med luft.'], firstActions=['Fjern tennkjelder.'] + GAS_FIRST_NN))
g(120, 100, 100, 800, 'Gasser – inerte (også nedkjølte væsker)', 'Gassar – inerte (òg nedkjølte væsker)',
  {'fire': ['Brenner ikke, men beholdere kan eksplodere ved oppvarming.'], 'health': ['Fortrenger oksygen og kan kvele uten forvarsel.', 'Kryogen væske gir alvorlige frostskader.'],
   'publicSafety': ['Hold folk unna og luft ut lukkede rom.'], 'protection': ['Røykdykkerutstyr; kuldeisolerende verneutstyr ved nedkjølt væske.'],
   'firstActions': ['Stans lekkasjen hvis det er trygt.', 'La væsken fordampe; ikke sprut vann på den.']},
  {'fire': ['Brenn ikkje, men behaldarar kan eksplodere ved oppvarming.'], 'health': ['Fortrengjer oksygen og kan kvele utan førevarsel.', 'Kryogen væske gjev alvorlege frostskadar.'],
   'publicSafety': ['Hald folk unna og luft ut lukka rom.'], 'protection': ['Røykdykkarutstyr; kuldeisolerande verneutstyr ved nedkjølt væske.'],
   'firstActions': ['Stans lekkasjen om det er trygt.', 'La væska fordampe; ikkje sprut vatn på henne.']})
g(122, 100, 500, 800, 'Gasser – oksiderende (også nedkjølte væsker)', 'Gassar – oksiderande (òg nedkjølte væsker)',
  {'fire': ['Brenner ikke selv, men gir kraftig brann i brennbart materiale.', 'Kan antenne klær, tre og olje.'], 'health': ['Kryogen væske gir alvorlige frostskader.'],
   'publicSafety': ['Hold folk unna; hold brennbart materiale borte fra utslippet.'], 'protection': ['Røykdykkerutstyr; kuldeisolerende verneutstyr. Ikke olje eller fett på utstyret.'],
   'firstActions': ['Stans lekkasjen hvis det er trygt.', 'Kjøl beholdere med vann fra god avstand.']},
  {'fire': ['Brenn ikkje sjølv, men gjev kraftig brann i brennbart materiale.', 'Kan tenne klede, tre og olje.'], 'health': ['Kryogen væske gjev alvorlege frostskadar.'],
   'publicSafety': ['Hald folk unna; hald brennbart materiale borte frå utsleppet.'], 'protection': ['Røykdykkarutstyr; kuldeisolerande verneutstyr. Ikkje olje eller feitt på utstyret.'],
   'firstActions': ['Stans lekkasjen om det er trygt.', 'Kjøl behaldarar med vatn frå god avstand.']})
g(124, 100, None, 800, 'Gasser – giftige og/eller etsende, oksiderende', 'Gassar – giftige og/eller etsande, oksiderande',
  dict(TOXGAS_NB, fire=['Brenner ikke, men er sterkt oksiderende og nærer brann.'], firstActions=['Bruk bare vann ved brann; ikke få vann inn i beholderen.', 'Stans lekkasjen bare hvis det er trygt.']),
  dict(TOXGAS_NN, fire=['Brenn ikkje, men er sterkt oksiderande og nærer brann.'], firstActions=['Bruk berre vatn ved brann; ikkje få vatn inn i behaldaren.', 'Stans lekkasjen berre om det er trygt.']))
g(125, 100, None, 1600, 'Gasser – giftige og/eller etsende', 'Gassar – giftige og/eller etsande',
  dict(TOXGAS_NB, fire=['Antennes vanskelig; beholdere kan eksplodere ved oppvarming.'], firstActions=['Bruk vanntåke til å slå ned gasskyen; ikke vann på lekkasjestedet.', 'Stans lekkasjen bare hvis det er trygt.']),
  dict(TOXGAS_NN, fire=['Vert vanskeleg tent; behaldarar kan eksplodere ved oppvarming.'], firstActions=['Bruk vasståke til å slå ned gasskya; ikkje vatn på lekkasjestaden.', 'Stans lekkasjen berre om det er trygt.']))
LIQ_NB = {'health': ['Damp kan gi svimmelhet; kontakt kan irritere hud og øyne.'], 'publicSafety': ['Hold folk unna og hold deg på vindsiden.', 'Hindre utslipp til avløp og vassdrag.'],
   'protection': ['Røykdykkerutstyr og vanlig brannverntøy.'], 'firstActions': ['Fjern tennkilder.', 'Demm opp utslippet og dekk med skum.', 'Kjøl tanker med vann fra god avstand.']}
LIQ_NN = {'health': ['Damp kan gje svimmelheit; kontakt kan irritere hud og auge.'], 'publicSafety': ['Hald folk unna og hald deg på vindsida.', 'Hindre utslepp til avløp og vassdrag.'],
   'protection': ['Røykdykkarutstyr og vanleg brannverntøy.'], 'firstActions': ['Fjern tennkjelder.', 'Demm opp utsleppet og dekk med skum.', 'Kjøl tankar med vatn frå god avstand.']}
g(127, 50, 300, 800, 'Brannfarlige væsker (blandbare med vann)', 'Brannfarlege væsker (blandbare med vatn)',
  dict(LIQ_NB, fire=['Svært brannfarlig; damp er tyngre enn luft og kan slå tilbake.', 'Bruk alkoholbestandig skum.']),
  dict(LIQ_NN, fire=['Svært brannfarleg; damp er tyngre enn luft og kan slå tilbake.', 'Bruk alkoholbestandig skum.']))
g(128, 50, 300, 800, 'Brannfarlige væsker (ikke blandbare med vann)', 'Brannfarlege væsker (ikkje blandbare med vatn)',
  dict(LIQ_NB, fire=['Svært brannfarlig; damp er tyngre enn luft og kan slå tilbake.', 'Flyter på vann.']),
  dict(LIQ_NN, fire=['Svært brannfarleg; damp er tyngre enn luft og kan slå tilbake.', 'Flyt på vatn.']))
g(129, 50, 300, 800, 'Brannfarlige væsker (blandbare med vann, helseskadelige)', 'Brannfarlege væsker (blandbare med vatn, helseskadelege)',
  dict(LIQ_NB, fire=['Svært brannfarlig; damp kan danne eksplosiv blanding med luft.'], health=['Kan være giftig ved innånding eller hudopptak.']),
  dict(LIQ_NN, fire=['Svært brannfarleg; damp kan lage eksplosiv blanding med luft.'], health=['Kan vere giftig ved innanding eller hudopptak.']))
g(130, 50, 300, 800, 'Brannfarlige væsker (ikke blandbare med vann, helseskadelige)', 'Brannfarlege væsker (ikkje blandbare med vatn, helseskadelege)',
  dict(LIQ_NB, fire=['Svært brannfarlig; damp kan danne eksplosiv blanding med luft.'], health=['Kan være giftig ved innånding eller hudopptak.']),
  dict(LIQ_NN, fire=['Svært brannfarleg; damp kan lage eksplosiv blanding med luft.'], health=['Kan vere giftig ved innanding eller hudopptak.']))
g(131, 50, None, 800, 'Brannfarlige væsker – giftige', 'Brannfarlege væsker – giftige',
  dict(LIQ_NB, fire=['Svært brannfarlig; noen brenner med usynlig flamme.'], health=['Giftig; kan være dødelig ved innånding, svelging eller hudopptak.'], protection=['Røykdykkerutstyr og kjemikaliedrakt når det ikke er brannfare.']),
  dict(LIQ_NN, fire=['Svært brannfarleg; nokre brenn med usynleg flamme.'], health=['Giftig; kan vere dødeleg ved innanding, svelging eller hudopptak.'], protection=['Røykdykkarutstyr og kjemikaliedrakt når det ikkje er brannfare.']))
g(132, 50, None, 800, 'Brannfarlige væsker – etsende', 'Brannfarlege væsker – etsande',
  dict(LIQ_NB, fire=['Brannfarlig; damp kan danne eksplosiv blanding med luft.'], health=['Etsende; gir alvorlige brannskader på hud og øyne.'], protection=['Røykdykkerutstyr og kjemikaliedrakt når det ikke er brannfare.']),
  dict(LIQ_NN, fire=['Brannfarleg; damp kan lage eksplosiv blanding med luft.'], health=['Etsande; gjev alvorlege brannskadar på hud og auge.'], protection=['Røykdykkarutstyr og kjemikaliedrakt når det ikkje er brannfare.']))
g(133, 25, 100, 800, 'Brannfarlige faste stoffer', 'Brannfarlege faste stoff',
  {'fire': ['Kan antennes av friksjon, varme eller gnister; støv kan eksplodere.'], 'health': ['Brannrøyk kan være giftig.'], 'publicSafety': ['Hold folk unna og hold deg på vindsiden.'],
   'protection': ['Røykdykkerutstyr og vanlig brannverntøy.'], 'firstActions': ['Fjern tennkilder.', 'Fukt store søl og demm opp.']},
  {'fire': ['Kan tennast av friksjon, varme eller gneistar; støv kan eksplodere.'], 'health': ['Brannrøyk kan vere giftig.'], 'publicSafety': ['Hald folk unna og hald deg på vindsida.'],
   'protection': ['Røykdykkarutstyr og vanleg brannverntøy.'], 'firstActions': ['Fjern tennkjelder.', 'Fukt store søl og demm opp.']})
g(137, 50, None, 800, 'Stoffer – reagerer med vann, etsende', 'Stoff – reagerer med vatn, etsande',
  {'fire': ['Reagerer med vann og gir etsende eller giftige gasser.', 'Kontakt med metall kan gi brannfarlig hydrogen.'], 'health': ['Etsende; kan gi alvorlige skader og død.'],
   'publicSafety': ['Hold folk unna og hold deg på vindsiden.'], 'protection': ['Røykdykkerutstyr og kjemikaliedrakt.'],
   'firstActions': ['Ikke bruk vann på selve stoffet.', 'Dekk små søl med tørr sand og plast.']},
  {'fire': ['Reagerer med vatn og gjev etsande eller giftige gassar.', 'Kontakt med metall kan gje brannfarleg hydrogen.'], 'health': ['Etsande; kan gje alvorlege skadar og død.'],
   'publicSafety': ['Hald folk unna og hald deg på vindsida.'], 'protection': ['Røykdykkarutstyr og kjemikaliedrakt.'],
   'firstActions': ['Ikkje bruk vatn på sjølve stoffet.', 'Dekk små søl med tørr sand og plast.']}, iso_solid=25)
g(138, 50, 300, 800, 'Stoffer – reagerer med vann (avgir brannfarlige gasser)', 'Stoff – reagerer med vatn (gjev frå seg brannfarlege gassar)',
  {'fire': ['Gir brannfarlig gass i kontakt med vann; kan selvantenne.'], 'health': ['Kan gi etsende løsninger og giftig røyk.'], 'publicSafety': ['Hold folk unna og hold deg på vindsiden.'],
   'protection': ['Røykdykkerutstyr og kjemikaliedrakt.'], 'firstActions': ['IKKE bruk vann eller skum.', 'Bruk tørr sand, pulver eller klasse D-slukker.']},
  {'fire': ['Gjev brannfarleg gass i kontakt med vatn; kan sjølvtenne.'], 'health': ['Kan gje etsande løysingar og giftig røyk.'], 'publicSafety': ['Hald folk unna og hald deg på vindsida.'],
   'protection': ['Røykdykkarutstyr og kjemikaliedrakt.'], 'firstActions': ['IKKJE bruk vatn eller skum.', 'Bruk tørr sand, pulver eller klasse D-sløkkjar.']}, iso_solid=25)
g(140, 50, 100, 800, 'Oksiderende stoffer', 'Oksiderande stoff',
  {'fire': ['Forsterker brann og kan antenne brennbart materiale.', 'Ammoniumnitrat kan eksplodere i brann eller ved forurensning; behandles som eksplosiv.'],
   'health': ['Kontakt og innånding kan gi alvorlige skader.'], 'publicSafety': ['Hold folk unna; ammoniumnitrat i brann: evakuer 1600 m.'],
   'protection': ['Røykdykkerutstyr og kjemikaliedrakt når det ikke er brannfare.'], 'firstActions': ['Slukk med store mengder vann fra avstand; ikke pulver eller skum.', 'Hold brennbart materiale borte fra sølet.']},
  {'fire': ['Forsterkar brann og kan tenne brennbart materiale.', 'Ammoniumnitrat kan eksplodere i brann eller ved ureining; handsamast som eksplosiv.'],
   'health': ['Kontakt og innanding kan gje alvorlege skadar.'], 'publicSafety': ['Hald folk unna; ammoniumnitrat i brann: evakuer 1600 m.'],
   'protection': ['Røykdykkarutstyr og kjemikaliedrakt når det ikkje er brannfare.'], 'firstActions': ['Sløkk med store mengder vatn frå avstand; ikkje pulver eller skum.', 'Hald brennbart materiale borte frå sølet.']}, iso_solid=25)
g(143, 50, None, 800, 'Oksiderende stoffer (ustabile)', 'Oksiderande stoff (ustabile)',
  {'fire': ['Kan eksplodere ved friksjon, varme eller forurensning.', 'Forsterker brann.'], 'health': ['Giftig; kan gi alvorlige skader og død.'],
   'publicSafety': ['Hold folk unna og hold deg på vindsiden.'], 'protection': ['Røykdykkerutstyr og kjemikaliedrakt.'],
   'firstActions': ['Slukk med store mengder vann fra avstand.', 'Ikke få vann inn i beholdere.']},
  {'fire': ['Kan eksplodere ved friksjon, varme eller ureining.', 'Forsterkar brann.'], 'health': ['Giftig; kan gje alvorlege skadar og død.'],
   'publicSafety': ['Hald folk unna og hald deg på vindsida.'], 'protection': ['Røykdykkarutstyr og kjemikaliedrakt.'],
   'firstActions': ['Sløkk med store mengder vatn frå avstand.', 'Ikkje få vatn inn i behaldarar.']}, iso_solid=25)
TOX_NB = {'publicSafety': ['Hold folk unna og hold deg på vindsiden.', 'Hindre utslipp til avløp og vassdrag.'], 'protection': ['Røykdykkerutstyr og kjemikaliedrakt.'],
   'firstActions': ['Demm opp og dekk søl med sand eller jord.', 'Ikke få vann inn i beholdere.']}
TOX_NN = {'publicSafety': ['Hald folk unna og hald deg på vindsida.', 'Hindre utslepp til avløp og vassdrag.'], 'protection': ['Røykdykkarutstyr og kjemikaliedrakt.'],
   'firstActions': ['Demm opp og dekk søl med sand eller jord.', 'Ikkje få vatn inn i behaldarar.']}
g(152, 50, None, 800, 'Stoffer – giftige (brennbare)', 'Stoff – giftige (brennbare)',
  dict(TOX_NB, fire=['Brennbart, men antennes ikke lett.'], health=['Svært giftig ved innånding, svelging eller hudkontakt.']),
  dict(TOX_NN, fire=['Brennbart, men vert ikkje lett tent.'], health=['Svært giftig ved innanding, svelging eller hudkontakt.']), iso_solid=25)
g(153, 50, None, 800, 'Stoffer – giftige og/eller etsende (brennbare)', 'Stoff – giftige og/eller etsande (brennbare)',
  dict(TOX_NB, fire=['Brennbart, men antennes ikke lett.'], health=['Giftig og/eller etsende; kan gi alvorlige skader.']),
  dict(TOX_NN, fire=['Brennbart, men vert ikkje lett tent.'], health=['Giftig og/eller etsande; kan gje alvorlege skadar.']), iso_solid=25)
g(154, 50, None, 800, 'Stoffer – giftige og/eller etsende (ikke brennbare)', 'Stoff – giftige og/eller etsande (ikkje brennbare)',
  dict(TOX_NB, fire=['Brenner ikke, men kan gi giftig eller etsende røyk ved oppvarming.'], health=['Giftig og/eller etsende; kan gi alvorlige skader.']),
  dict(TOX_NN, fire=['Brenn ikkje, men kan gje giftig eller etsande røyk ved oppvarming.'], health=['Giftig og/eller etsande; kan gje alvorlege skadar.']), iso_solid=25)
g(155, 50, None, 800, 'Stoffer – giftige og/eller etsende (brannfarlige, vannfølsomme)', 'Stoff – giftige og/eller etsande (brannfarlege, vassømfintlege)',
  dict(TOX_NB, fire=['Svært brannfarlig; reagerer med vann.'], health=['Giftig og/eller etsende; kan gi alvorlige skader.']),
  dict(TOX_NN, fire=['Svært brannfarleg; reagerer med vatn.'], health=['Giftig og/eller etsande; kan gje alvorlege skadar.']), iso_solid=25)
g(157, 50, None, 800, 'Stoffer – giftige og/eller etsende (ikke brennbare, vannfølsomme)', 'Stoff – giftige og/eller etsande (ikkje brennbare, vassømfintlege)',
  dict(TOX_NB, fire=['Brenner ikke; kan reagere med vann og gi etsende gasser.'], health=['Giftig og/eller etsende; kan gi alvorlige skader.']),
  dict(TOX_NN, fire=['Brenn ikkje; kan reagere med vatn og gje etsande gassar.'], health=['Giftig og/eller etsande; kan gje alvorlege skadar.']), iso_solid=25)
g(160, 50, 100, 800, 'Halogenerte løsemidler', 'Halogenerte løysemiddel',
  {'fire': ['Antennes vanskelig; damp er tyngre enn luft.'], 'health': ['Giftig ved svelging; damp kan gi svimmelhet.'], 'publicSafety': ['Hold folk unna og luft ut lukkede rom.'],
   'protection': ['Røykdykkerutstyr og kjemikaliedrakt.'], 'firstActions': ['Demm opp og ta opp søl med sand.']},
  {'fire': ['Vert vanskeleg tent; damp er tyngre enn luft.'], 'health': ['Giftig ved svelging; damp kan gje svimmelheit.'], 'publicSafety': ['Hald folk unna og luft ut lukka rom.'],
   'protection': ['Røykdykkarutstyr og kjemikaliedrakt.'], 'firstActions': ['Demm opp og ta opp søl med sand.']})
g(171, 50, None, 800, 'Stoffer (lav til moderat fare)', 'Stoff (låg til moderat fare)',
  {'fire': ['Antennes vanskelig; beholdere kan eksplodere ved oppvarming.'], 'health': ['Innånding kan være skadelig.'], 'publicSafety': ['Hold folk unna.'],
   'protection': ['Røykdykkerutstyr og vanlig brannverntøy.'], 'firstActions': ['Hindre utslipp til avløp og vassdrag.']},
  {'fire': ['Vert vanskeleg tent; behaldarar kan eksplodere ved oppvarming.'], 'health': ['Innanding kan vere skadeleg.'], 'publicSafety': ['Hald folk unna.'],
   'protection': ['Røykdykkarutstyr og vanleg brannverntøy.'], 'firstActions': ['Hindre utslepp til avløp og vassdrag.']}, iso_solid=25)

# Explosives. No reachable source held guides 112 and 114 of ERG 2024, so their figures are the
# ERG 2016 guide pages (page footer "ERG 2016") kept in Esri/solutions-erg-widget; see README.
def esri2016(n): return f'Esri/solutions-erg-widget ERG/guide/{n}.pdf @ 0c96ef5'
EXPL_NB = {'health': ['Brann kan gi irriterende, etsende og/eller giftige gasser.'],
   'publicSafety': ['Avstandene gjelder i alle retninger, også evakueringen.', 'Få folk ut av siktlinjen til stedet og bort fra vinduer.',
                    'Hold uvedkommende unna; hold deg på vindsiden, gjerne høyere i terrenget.'],
   'protection': ['Røykdykkerutstyr (trykkluft); vanlig brannverntøy gir bare begrenset vern.']}
EXPL_NN = {'health': ['Brann kan gje irriterande, etsande og/eller giftige gassar.'],
   'publicSafety': ['Avstandane gjeld i alle retningar, òg evakueringa.', 'Få folk ut av siktlina til staden og bort frå vindauge.',
                    'Hald uvedkomande unna; hald deg på vindsida, gjerne høgare i terrenget.'],
   'protection': ['Røykdykkarutstyr (trykkluft); vanleg brannverntøy gjev berre avgrensa vern.']}
def expl_first_nb(m): return [f'Ikke slukk når brannen har nådd lasten: stans trafikken, rydd {m} m i alle retninger og la det brenne.',
   'Ikke flytt last eller kjøretøy som har vært utsatt for varme.',
   'Dekk- eller kjøretøybrann: mye vann fra ubemannet strålerør på lang avstand, så brannen ikke når lasten.',
   'Fjern tennkilder; ikke bruk radiosender nærmere enn 100 m fra elektriske tennere.',
   'Ikke rydd opp eller fjern noe uten sakkyndig.']
def expl_first_nn(m): return [f'Ikkje slokk når brannen har nådd lasta: stans trafikken, rydd {m} m i alle retningar og la det brenne.',
   'Ikkje flytt last eller køyretøy som har vore utsett for varme.',
   'Dekk- eller køyretøybrann: mykje vatn frå ubemanna strålerøyr på lang avstand, så brannen ikkje når lasta.',
   'Fjern tennkjelder; ikkje bruk radiosendar nærare enn 100 m frå elektriske tennarar.',
   'Ikkje rydd opp eller fjern noko utan sakkunnig.']
g(112, 500, 800, 1600, 'Eksplosiver – divisjon 1.1, 1.2, 1.3 og 1.5', 'Eksplosivar – divisjon 1.1, 1.2, 1.3 og 1.5',
  dict(EXPL_NB, fire=['Kan eksplodere og kaste splinter 1600 m eller lenger hvis brannen når lasten.'], firstActions=expl_first_nb(1600)),
  dict(EXPL_NN, fire=['Kan eksplodere og kaste splintar 1600 m eller lenger om brannen når lasta.'], firstActions=expl_first_nn(1600)),
  edition='2016', read_in=esri2016(112))
g(114, 100, 250, 500, 'Eksplosiver – divisjon 1.4 og 1.6', 'Eksplosivar – divisjon 1.4 og 1.6',
  dict(EXPL_NB, fire=['Kan eksplodere og kaste splinter 500 m eller lenger hvis brannen når lasten.'], firstActions=expl_first_nb(500)),
  dict(EXPL_NN, fire=['Kan eksplodere og kaste splintar 500 m eller lenger om brannen når lasta.'], firstActions=expl_first_nn(500)),
  edition='2016', read_in=esri2016(114))
