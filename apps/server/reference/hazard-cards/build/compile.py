"""Compiles ../hazard-cards.json from the sources named in ../README.md.

Run: python3 parse_adr.py <adr-sql> && python3 compile.py  (adr.json is the parsed ADR Table A extract).
"""
import json, re
from guides import G
from names import NB

# UN number -> (ERG guide, polymerisation flag, basis). basis "index": the source lists the UN
# number with this guide; "title": assigned by the guide's own title to a substance whose ADR
# classification code it names (refrigerated gases, AN fertiliser); see README.
GUIDE = {}
def put(text, basis):
    for item in text.split():
        un, guide = item.split(':')
        GUIDE[un] = (int(guide.rstrip('P')), guide.endswith('P'), basis)
put('''1203:128 1202:128 1223:128 1863:128 1208:129 1206:129 1265:129 1262:128 1307:130 1175:130 2055:130P
1918:130 1193:127 1245:127 2056:127P 1173:129 1219:129 3082:171 1230:131 1415:138 1420:138 1942:140 2015:143
1490:140 1495:140 1748:140 1662:152 2029:132 1830:137 1789:157 1805:154 2790:153 1823:154 1813:154 2672:154
1978:115 1962:115 1001:116P 1049:115 1077:115 1072:122 1013:120 1593:160 1888:160 1897:160 1710:160 1580:154
2491:153 2203:116 1744:154 1120:129 1212:129 1123:129 1155:127 2586:153 1267:128 1268:128 1011:115 1969:115
1055:115 1790:157 1873:143 1831:137 1779:153 1848:132 2582:154 1972:115 2073:125 1165:127 1282:129 1547:153
2076:153 1334:133 1664:152 1597:152 1791:154 1244:131
1005:125 1017:124 1050:125 1052:125 1079:125 1016:119 1076:125 1051:117 1053:117 1040:119P 1280:127P 1971:115
1075:115 1170:127 1090:127 1114:130 1294:130 1086:116P 1010:116P 2218:132P 2480:155P 2031:157 1689:157
2023:131P 1671:153 1131:131 1648:127 1198:132P 1093:131P 1092:131P 1965:115''', 'index')
put('1073:122 1977:120 2187:120 2067:140', 'title')
# Explosives: ERG's ID index lists no class 1 number; ERG sends them to guide 112 (divisions 1.1,
# 1.2, 1.3, 1.5) or 114 (1.4, 1.6) by the guides' own titles, so the division of the ADR
# classification code decides (basis "title").
EXPLOSIVES = '''0081 0082 0241 0065 0360 0030 0161 0027 0336 0335 0012 0029 0042 0044 0255 0361 0456 0500 0331 0332 0333 0337 0014
0028 0160 0499 0267 0104 0334 0101 0105 0066 0131 0349 0431 0432 0503 0323 0055 0454'''.split()
def explosives_guide(code): return 114 if code[:3] in ('1.4', '1.6') else 112

NN_WORDS = [('flytende', 'flytande'), ('legeringer', 'legeringar'), ('oppløst', 'oppløyst'), ('ikke-', 'ikkje-'), ('løsning', 'løysing'), ('vannfri', 'vassfri'),
            ('Miljøfarlig', 'Miljøfarleg'), ('brannfarlig', 'brannfarleg'), ('Kalium, metallisk', 'Kalium, metallisk'),
            ('Tennsatser', 'Tennsatsar'), ('Sprengkapsler', 'Sprengkapslar'), ('Forsterkerladninger', 'Forsterkarladningar'),
            ('Tennhetter', 'Tennhetter'), ('Løspatroner', 'Laushylsepatroner'), ('Patroner til håndvåpen', 'Patroner til handvåpen'),
            ('Svartkrutt', 'Svartkrut'), ('Krutt', 'Krut'), ('gjødsel', 'gjødsel'),
            ('Rykende', 'Rykande'), ('Detonerende', 'Detonerande'), ('detonerende', 'detonerande'), ('løsemidler', 'løysemiddel'),
            ('Luntetennere', 'Luntetennarar'), ('gjenstander', 'gjenstandar'), ('sikkerhetsinnretninger', 'tryggleiksinnretningar'),
            ('beltestrammere', 'beltestrammarar'), ('Sikkerhetslunte', 'Tryggleikslunte'), ('Antennere', 'Antennarar'),
            ('presset', 'pressa'), ('virkning', 'verknad'), ('uten tenner', 'utan tennar'), ('håndvåpen', 'handvåpen')]
def nn(name):
    for a, b in NN_WORDS: name = name.replace(a, b)
    return name

adr = json.load(open('adr.json'))
register = [l.split("'")[7] for l in open('../../../src/db/migrations/2026_11_22_0100_register.ts', encoding='utf-8') if re.match(r"\s*\[\d+, '", l) and l.count("'") == 10]
cards = []
for un in sorted(set(GUIDE) | set(EXPLOSIVES)):
    row = adr[un][0]
    labels = [x.strip().lstrip('+').strip() for x in row['labels'].split('\n') if x.strip()]
    guide = GUIDE.get(un) or ((explosives_guide(row['code']), False, 'title') if un in EXPLOSIVES else None)
    card = {
        'unNumber': un,
        'name': {'nb': NB[un], 'nn': nn(NB[un]), 'en': ' '.join(row['name'].split())},
        'adr': {'class': row['cls'], 'classificationCode': row['code'], 'packingGroup': row['pg'] or None,
                'labels': labels, 'hazardNumber': None if row['cls'] == '1' else (row['hin'] or None)},
        'erg': None if not guide else {
            'guide': guide[0], 'polymerisation': guide[1], 'basis': guide[2],
        },
    }
    cards.append(card)
missing = [u for u in register if u not in {c['unNumber'] for c in cards}]
assert not missing, missing
guides = {str(n): {'title': d['title'], 'edition': d['edition'], 'readIn': d['readIn'], 'essentials': d['essentials']} for n, d in sorted(G.items())}
# Every distance is read from the ERG's own tables at start-up (reference/erg-2016), not from here.
out = {'version': '2026-11-28.1', 'sources': {'adr': 'ADR 2017 Table A (see README)', 'erg': 'ERG 2024 ID index and essentials; guides 112 and 114 ERG 2016; distances: ERG 2016 tables in reference/erg-2016 (see README)'},
       'guides': guides, 'cards': cards}
json.dump(out, open('../hazard-cards.json', 'w', encoding='utf-8'), ensure_ascii=False, indent=1)
print(len(cards), 'cards;', len(register), 'register UN numbers covered')
