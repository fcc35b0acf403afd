import re, json, sys
txt = open(sys.argv[1], encoding='utf-8').read()
rows = {}
for m in re.finditer(r"Insert into ADR_CLASS_DETAILS values \(seq_adr_class_details\.nextval,(.*?)\);\n(?=Insert|$)", txt, re.S):
    body = m.group(1)
    vals = re.findall(r"'((?:[^']|'')*)'|(null|\d+|current_timestamp)", body)
    v = [a if a != '' or b == '' else b for a, b in vals]
    un = v[0]
    rows.setdefault(un, []).append(dict(un=un, name=v[1], cls=v[2], code=v[3], pg=v[4], labels=v[5], hin=v[22], ver=v[23]))
json.dump(rows, open('adr.json','w'), ensure_ascii=False)
