#!/bin/sh
# Rebuild the glyph banks shipped in calibration/sites/*/glyphs from the labelled screenshots
# (every picture except those labels.json marks "holdout" or "error"), with gamebot itself.
# gamebot-canvas (our page's canvas theme) is learned WITHOUT its labels: the game names its
# glyphs (calibrate's unlabelled path), and the labels only check the result (bench vision).
set -e
cd "$(dirname "$0")/../.."
L=recordings/balda/labelled
pick() {  # pick SITE LANG: the bank-making pictures of one site and language
  .venv/bin/python - "$1" "$2" <<'PY'
import json, sys
fx = json.load(open("recordings/balda/labelled/labels.json", encoding="utf-8"))["fixtures"]
site, lang = sys.argv[1], sys.argv[2]
print(" ".join(f"recordings/balda/labelled/{n}" for n, m in sorted(fx.items())
               if m["site"] == site and m["lang"] == lang and not m.get("holdout")
               and not m.get("error")))
PY
}
for site_lang in vladhuk-balda:uk vladhuk-balda:en gamebot-balda:ru gamebot-canvas:ru; do
  site=${site_lang%%:*}; lang=${site_lang##*:}
  shots=$(pick "$site" "$lang")
  [ -n "$shots" ] || continue
  fresh=--fresh; [ "$lang" = en ] && fresh=
  labels="--labels $L/expected"; [ "$site" = gamebot-canvas ] && labels=
  .venv/bin/gamebot calibrate balda --from $shots $labels --site "$site" \
    --lang "$lang" --out "calibration/sites/$site/glyphs" $fresh --yes
done
