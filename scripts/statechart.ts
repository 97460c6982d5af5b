/**
 * `npm run statechart -- <flow>` prints a flow machine as a Mermaid state diagram;
 * `npm run statechart -- --write [flow...]` rewrites the diagram in each (or the named) flow's
 * machines/<flow>/<flow>.md and draws docs/statecharts/<flow>.svg with the /flows viewer's own
 * layout and drawing, linked from the .md. tests/unit/statecharts.test.ts fails when one is stale.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findFlows, loadMachine, withDiagram, type Flow } from './statechart/flows';
import { mermaid } from './statechart/mermaid';
import { statechartSvg, svgFile, withSvgLink } from './statechart/svg';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const write = args.includes('--write');
const names = args.filter((arg) => arg !== '--write');
const flows = findFlows(root);
const unknown = names.filter((name) => !flows.some((flow) => flow.name === name));

if (unknown.length > 0 || (!write && names.length !== 1)) {
  const list = flows.map((flow) => flow.name).join('|');
  console.error(
    `Usage: npm run statechart -- <${list}>\n       npm run statechart -- --write [flow...]`,
  );
  process.exit(1);
}

function writeIfChanged(file: string, text: string) {
  const path = `${root}/${file}`;
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return;
  writeFileSync(path, text);
  console.log(`wrote ${file}`);
}

async function writeDiagram(flow: Flow) {
  const path = `${root}/${flow.docFile}`;
  const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const machine = await loadMachine(flow, root);
  writeIfChanged(flow.docFile, withSvgLink(withDiagram(before, mermaid(machine), flow), flow.name));
  mkdirSync(`${root}/docs/statecharts`, { recursive: true });
  writeIfChanged(svgFile(flow.name), await statechartSvg(flow.name, machine, root));
}

const chosen = names.length > 0 ? flows.filter((flow) => names.includes(flow.name)) : flows;
if (write) for (const flow of chosen) await writeDiagram(flow);
else console.log(mermaid(await loadMachine(chosen[0]!, root)));
