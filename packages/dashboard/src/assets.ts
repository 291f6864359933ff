/** The dashboard's stylesheet, served at /assets/quarry.css (the CSP allows only same-origin styles). */
export const QUARRY_CSS = `
body { font-family: system-ui, sans-serif; margin: 0; color: #1d2430; background: #f6f7f9; }
header { display: flex; gap: 1.5rem; align-items: center; padding: .6rem 1.2rem; background: #1d2430; color: #fff; }
header a { color: #cfe0ff; margin-right: 1rem; text-decoration: none; }
header .who { margin-left: auto; font-size: .9rem; }
main { padding: 1rem 1.5rem; }
h1 { font-size: 1.4rem; margin: .4rem 0 1rem; }
h2 { font-size: 1.1rem; margin-top: 1.6rem; }
table { border-collapse: collapse; width: 100%; background: #fff; font-size: .88rem; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #e2e5ea; vertical-align: top; }
th { background: #eef1f5; }
code, pre { font-family: ui-monospace, monospace; font-size: .82rem; }
pre { background: #fff; border: 1px solid #e2e5ea; padding: .6rem; overflow-x: auto; white-space: pre-wrap; }
form.inline { display: inline; margin: 0; }
form.filters, form.replay { display: flex; flex-wrap: wrap; gap: .6rem; align-items: end; margin: .6rem 0 1rem; }
form.login { display: grid; gap: .8rem; max-width: 20rem; }
label { display: grid; gap: .2rem; font-size: .85rem; }
input, select, button { font: inherit; padding: .25rem .4rem; }
button { cursor: pointer; }
.error { color: #a0121d; }
.state-dead { color: #a0121d; }
.state-replayed { color: #1f6f3a; }
.state-quarantined { color: #8a5a00; }
.reason { font-weight: 600; }
.muted { color: #5d6675; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dl.facts dt { font-weight: 600; }
.docview { display: grid; grid-template-columns: minmax(16rem, 1fr) 2fr; gap: 1rem; align-items: start; }
.docview ol.fields { list-style: none; padding: 0; margin: 0; max-height: 80vh; overflow-y: auto; }
.docview li.field { background: #fff; border: 1px solid #e2e5ea; border-left: 4px solid #2f7d4f; padding: .35rem .5rem; margin-bottom: .3rem; font-size: .85rem; overflow-wrap: anywhere; }
.docview li.field[tabindex] { cursor: pointer; }
.docview li.weak, .docview li.status-ambiguous { border-left-color: #c98a00; }
.docview li.status-not_found, .docview li.status-mismatch { border-left-color: #a0121d; border-left-style: double; border-left-width: 6px; }
.docview li.field.active { background: #fff3b0; outline: 2px solid #1d2430; }
.docview .value { font-weight: 600; }
.docview .facts { display: block; color: #5d6675; font-size: .8rem; }
pre.document { margin: 0; max-height: 80vh; overflow-y: auto; }
pre.document mark { background: #d9ecff; color: inherit; border-bottom: 2px solid #4a8fd6; }
pre.document mark[data-fields*=" "] { background: #b5d4f4; }
pre.document mark.weak { background: #ffe9b3; border-bottom-color: #c98a00; }
pre.document mark.active { background: #ffd84d; outline: 2px solid #1d2430; }
.overview { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(34rem, 100%), 1fr)); gap: 1rem; }
.panel { background: #fff; border: 1px solid #e2e5ea; padding: .2rem 1rem .8rem; overflow-x: auto; min-width: 0; }
.panel h2 { margin-top: .8rem; }
figure.chart { margin: 0; }
figure.chart svg { max-width: 100%; height: auto; }
figcaption { display: flex; gap: 1rem; font-size: .82rem; }
svg.meter { vertical-align: middle; }
.empty { color: #5d6675; font-style: italic; }
.why-block { background: #fff; border: 1px solid #e2e5ea; border-left: 4px solid #a0121d; padding: .2rem 1rem; margin-bottom: 1rem; }
.why-block .why { font-size: 1.05rem; }
code.command { background: #1d2430; color: #fff; padding: .15rem .4rem; user-select: all; }
.headline { font-weight: 600; }
.notice { background: #e6f4ea; border: 1px solid #2f7d4f; padding: .4rem .8rem; }
.review-group { margin-bottom: 1.5rem; }
form.correct { display: grid; gap: .6rem; }
table.compare tr.mark-drop { background: #fde8ea; }
table.compare tr.mark-drop td:last-child strong { color: #a0121d; }
table.compare tr.mark-changed, table.compare tr.mark-only-a, table.compare tr.mark-only-b { background: #fff7dd; }
table.compare tr.mark-rise { background: #e6f4ea; }
td.delta { font-variant-numeric: tabular-nums; white-space: nowrap; }
.sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(24rem, 100%), 1fr)); gap: 1rem; align-items: start; }
.sides h3 { font-size: 1rem; margin: .4rem 0; }
ul.leaves { list-style: none; padding: 0; margin: 0; font-size: .85rem; }
ul.leaves li { background: #fff; border: 1px solid #e2e5ea; border-left: 4px solid #2f7d4f; padding: .25rem .5rem; margin-bottom: .2rem; overflow-wrap: anywhere; }
ul.leaves li.diff { border-left: 6px double #a0121d; background: #fde8ea; }
ul.leaves li.diff-missing, ul.leaves li.diff-unexpected { border-left-color: #c98a00; background: #fff3d6; }
ul.leaves .facts { display: block; color: #5d6675; font-size: .8rem; }
.docview:has(> ol.fields:empty) { grid-template-columns: 1fr; }
.docview > ol.fields:empty { display: none; }
form.correct textarea { font-family: ui-monospace, monospace; font-size: .82rem; width: 100%; min-height: 28rem; box-sizing: border-box; }
`;
