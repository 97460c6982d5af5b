import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  WRITE_COMMAND,
  diagramIn,
  findFlows,
  loadMachine,
  misplacedMachineFiles,
  withDiagram,
} from '../../scripts/statechart/flows';
import { mermaid } from '../../scripts/statechart/mermaid';
import { statechartSvg, svgFile } from '../../scripts/statechart/svg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const flows = findFlows(root);

describe('the statecharts in machines/<flow>/<flow>.md', () => {
  it('finds every machine by its folder', () => {
    expect(flows.map((flow) => flow.name)).toEqual(
      expect.arrayContaining(['auth', 'kit-checkout', 'takeaway-checkout', 'order-payment']),
    );
    expect(
      misplacedMachineFiles(root),
      'a machine lives at machines/<flow>/<flow>.machine.ts',
    ).toEqual([]);
  });

  it.each(flows)('$name has a diagram that matches its machine', async (flow) => {
    const path = `${root}/${flow.docFile}`;
    expect(existsSync(path), `${flow.docFile} is missing: run ${WRITE_COMMAND}`).toBe(true);

    const diagram = diagramIn(readFileSync(path, 'utf8'));
    const machine = await loadMachine(flow, root);

    expect(diagram, `${flow.docFile} is stale: run ${WRITE_COMMAND}`).toBe(mermaid(machine));
  });

  // Laid out by ELK as at /flows: about a second a machine, several on a busy machine.
  it.each(flows)(
    '$name has a drawn statechart in docs/statecharts/, fresh and linked from its .md',
    async (flow) => {
      const file = svgFile(flow.name);
      const path = `${root}/${file}`;
      expect(existsSync(path), `${file} is missing: run ${WRITE_COMMAND}`).toBe(true);

      const drawn = await statechartSvg(flow.name, await loadMachine(flow, root), root);

      expect(readFileSync(path, 'utf8') === drawn, `${file} is stale: run ${WRITE_COMMAND}`).toBe(
        true,
      );
      expect(readFileSync(`${root}/${flow.docFile}`, 'utf8')).toContain(`](../../${file})`);
    },
    60_000,
  );
});

describe('withDiagram', () => {
  const flow = { name: 'planted', machineFile: '', docFile: '' };
  const fresh = 'stateDiagram-v2\n  [*] --> idle';

  it('replaces a stale diagram and keeps the prose around it', () => {
    const stale = 'Intro.\n\n```mermaid\nstateDiagram-v2\n  [*] --> old\n```\n\nOutro.\n';

    const written = withDiagram(stale, fresh, flow);

    expect(written).toBe(`Intro.\n\n\`\`\`mermaid\n${fresh}\n\`\`\`\n\nOutro.\n`);
    expect(diagramIn(written)).toBe(fresh);
  });

  it('adds a diagram to a page without one, and starts a missing page', () => {
    expect(diagramIn(withDiagram('# planted\n\nWhat it does.\n', fresh, flow))).toBe(fresh);
    expect(withDiagram('', fresh, flow)).toMatch(/^# planted machine\n/);
    expect(diagramIn(withDiagram('', fresh, flow))).toBe(fresh);
  });
});
