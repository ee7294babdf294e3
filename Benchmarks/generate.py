#!/usr/bin/env python3
"""Writes a synthetic, deterministic skill catalogue for benchmarks.

usage: generate.py SKILLS DIR [--hugo HUGO_DIR]

SKILLS skills in Markdown with front matter across 20 groups and 3 languages, descriptions of
150-400 words, about 20 votes per skill in one .jsonl file (some skills unrated). With --hugo, the
same catalogue is also written as a Hugo site (content + layouts that draw the same star row and
bar chart), so both generators build equivalent pages.
"""
import json
import os
import random
import sys

GROUPS = ["Business and Finance", "Communication", "Connected Car", "Food and Drink", "Games, Trivia and Accessories",
          "Health and Fitness", "Knowledge", "Lifestyle", "Movies and TV", "Music and Audio", "News",
          "Novelty and Humour", "Problem Solving", "Productivity", "Shopping", "Social", "Sports",
          "Travel and Transportation", "Utilities", "Weather"]
LANGUAGES = ["en", "de", "fr"]
WORDS = ("skill assistant answer question news weather music recipe timer reminder travel train flight city "
         "country language translate quiz trivia score team match player song artist album radio station podcast "
         "episode calendar meeting schedule alarm morning evening daily weekly report summary headline article "
         "source topic science technology health fitness workout water sleep budget expense price stock market "
         "currency exchange convert unit distance weight temperature forecast rain sun wind snow joke story "
         "fact history museum book author library word definition spelling grammar shopping list store order "
         "delivery car fuel route traffic map nearby restaurant menu coffee tea dinner lunch breakfast").split()
NAMES = ("Smart Quick Daily Easy Super Pocket Friendly Handy Clever Tiny Happy Bright Swift Simple Magic "
         "Helpful Instant Open Global Local").split()
NOUNS = ("Finder Helper Guide Coach Timer Planner Tracker Reader Player Converter Quiz Buddy Digest Briefing "
         "Navigator Assistant Companion Keeper Teller Master").split()


def paragraph(rng, words):
    out = []
    while words > 0:
        n = min(words, rng.randint(8, 18))
        sentence = " ".join(rng.choice(WORDS) for _ in range(n))
        out.append(sentence[0].upper() + sentence[1:] + ".")
        words -= n
    return " ".join(out)


def skills(count, seed=7):
    rng = random.Random(seed)
    for i in range(count):
        group = GROUPS[i % len(GROUPS)]
        language = LANGUAGES[(i // len(GROUPS)) % len(LANGUAGES)]
        name = f"{rng.choice(NAMES)} {rng.choice(WORDS).capitalize()} {rng.choice(NOUNS)} {i}"
        words = rng.randint(150, 400)
        first = words // 3
        body = (paragraph(rng, first) + "\n\n- **" + rng.choice(WORDS) + "** " + paragraph(rng, 10) + "\n- *"
                + rng.choice(WORDS) + "* " + paragraph(rng, 10) + "\n\n" + paragraph(rng, words - first - 20))
        examples = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))) for _ in range(rng.randint(1, 4))]
        created = f"20{rng.randint(17, 24):02d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        slug = f"skill-{i:06d}"
        yield {"id": f"g{i % len(GROUPS):02d}/{slug}", "name": name, "group": group, "language": language,
               "author": f"Author {i % 997}", "examples": examples, "created": created, "body": body}


def votes(skill_ids, seed=11):
    rng = random.Random(seed)
    for sid in skill_ids:
        if rng.random() < 0.1:
            continue  # unrated
        mean = rng.uniform(2.0, 4.8)
        for v in range(rng.randint(1, 39)):
            stars = max(1, min(5, round(rng.gauss(mean, 1.0))))
            yield {"skill": sid, "stars": stars, "user": f"u{rng.randint(1, 50000)}",
                   "timestamp": f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T10:00:00Z"}


def yaml_string(s):
    return json.dumps(s, ensure_ascii=False)


def write_sitegen(catalogue, all_votes, root):
    for s in catalogue:
        path = os.path.join(root, "skills", s["id"] + ".md")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write("---\n")
            f.write(f"name: {yaml_string(s['name'])}\ngroup: {yaml_string(s['group'])}\nlanguage: {s['language']}\n")
            f.write(f"author: {yaml_string(s['author'])}\ncreated: {s['created']}\nexamples:\n")
            for e in s["examples"]:
                f.write(f"  - {yaml_string(e)}\n")
            f.write("---\n" + s["body"] + "\n")
    os.makedirs(os.path.join(root, "ratings"), exist_ok=True)
    with open(os.path.join(root, "ratings", "votes.jsonl"), "w", encoding="utf-8") as f:
        for v in all_votes:
            f.write(json.dumps(v, separators=(",", ":")) + "\n")
    with open(os.path.join(root, "site.yml"), "w") as f:
        f.write("title: Benchmark Catalogue\nbase_url: https://example.org/\n")


def write_hugo(catalogue, counts, root):
    """A Hugo site with the same pages: one per skill with star row and bar chart, group pages, index."""
    os.makedirs(os.path.join(root, "layouts", "_default"), exist_ok=True)
    with open(os.path.join(root, "hugo.toml"), "w") as f:
        # Group pages are the taxonomy's term pages, and the index shows the best of each group:
        # disabling the taxonomy kinds would leave Hugo an empty index and no group pages.
        f.write('baseURL = "https://example.org/"\ntitle = "Benchmark"\ndisableKinds = ["RSS", "sitemap", "robotsTXT"]\n'
                '[taxonomies]\n  group = "groups"\n')
    star = ('<svg width="88" height="16" viewBox="0 0 88 16">{{ range $i := seq 5 }}<path transform="translate({{ mul (sub $i 1) 18 }} 0)" '
            'd="M8 1L10 6L15 6L11 9L12 15L8 11L4 15L5 9L1 6L6 6Z" fill="none" stroke="currentColor"/>{{ end }}'
            '<svg width="{{ mul .Params.average 17.6 }}" height="16">{{ range $i := seq 5 }}<path transform="translate({{ mul (sub $i 1) 18 }} 0)" '
            'd="M8 1L10 6L15 6L11 9L12 15L8 11L4 15L5 9L1 6L6 6Z" fill="currentColor"/>{{ end }}</svg></svg>')
    single = ('<!DOCTYPE html><html lang="{{ .Params.language }}"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body>'
              '<h1>{{ .Title }}</h1><p>by {{ .Params.author }} · {{ .Params.group }}</p>'
              '{{ if gt .Params.total 0 }}<p>' + star + ' {{ .Params.average }} ({{ .Params.total }} ratings)</p>'
              '<table>{{ range .Params.rows }}<tr><th>{{ .stars }} ★</th><td><svg viewBox="0 0 100 10"><rect width="100" height="10"/>'
              '<rect width="{{ .percent }}" height="10"/></svg></td><td>{{ .count }} ({{ .percent }}%)</td></tr>{{ end }}</table>'
              '{{ else }}<p>Not rated yet</p>{{ end }}'
              '<div>{{ .Content }}</div><ul>{{ range .Params.examples }}<li>{{ . }}</li>{{ end }}</ul></body></html>')
    card = ('<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ if gt .Params.total 0 }}' + star
            + ' {{ .Params.average }} ({{ .Params.total }}){{ else }}Not rated yet{{ end }} {{ .Summary | plainify | truncate 140 }}</li>')
    lst = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>'
           '<ul>{{ range .Pages }}' + card + '{{ end }}</ul></body></html>')
    # Like sitegen's home page: each group with its six best-rated skills and a link to the rest.
    index = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Site.Title }}</title></head><body>'
             '{{ range .Site.Taxonomies.groups }}<h2>{{ .Page.Title }}</h2><ul>{{ range first 6 (sort .Pages "Params.average" "desc") }}' + card
             + '{{ end }}</ul><p><a href="{{ .Page.RelPermalink }}">See all {{ len .Pages }} skills</a></p>{{ end }}</body></html>')
    for name, text in (("single.html", single), ("list.html", lst), ("terms.html", lst), ("taxonomy.html", lst)):
        with open(os.path.join(root, "layouts", "_default", name), "w") as f:
            f.write(text)
    with open(os.path.join(root, "layouts", "index.html"), "w") as f:
        f.write(index)
    for s in catalogue:
        c = counts.get(s["id"], [0, 0, 0, 0, 0])
        total = sum(c)
        average = round(sum((i + 1) * n for i, n in enumerate(c)) / total, 1) if total else 0
        rows = [{"stars": st, "count": c[st - 1], "percent": (100 * c[st - 1] // total if total else 0)} for st in range(5, 0, -1)]
        path = os.path.join(root, "content", "skills", s["id"] + ".md")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        front = {"title": s["name"], "groups": [s["group"]], "group": s["group"], "language": s["language"],
                 "author": s["author"], "examples": s["examples"], "total": total, "average": average, "rows": rows}
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps(front, ensure_ascii=False) + "\n\n" + s["body"] + "\n")


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    count, root = int(args[0]), args[1]
    catalogue = list(skills(count))
    all_votes = list(votes([s["id"] for s in catalogue]))
    write_sitegen(catalogue, all_votes, root)
    if "--hugo" in args:
        counts = {}
        latest = {}
        for v in all_votes:
            latest[(v["skill"], v["user"])] = v  # later votes replace earlier ones, as sitegen counts them
        for v in latest.values():
            counts.setdefault(v["skill"], [0, 0, 0, 0, 0])[v["stars"] - 1] += 1
        write_hugo(catalogue, counts, args[args.index("--hugo") + 1])
    print(f"{count} skills, {len(all_votes)} votes → {root}")


if __name__ == "__main__":
    main()
