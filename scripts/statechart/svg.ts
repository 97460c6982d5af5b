import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AnyStateMachine } from 'xstate';
import { StatechartDrawing } from '../../src/views/flows/statechart-drawing';
import { statechartGraph } from '../../src/views/flows/statechart-graph';
import ELK from 'elkjs/lib/elk.bundled.js';
import { layoutStatechart } from '../../src/views/flows/statechart-layout';

/** docs/statecharts/<flow>.svg: the one command that brings them up to date. */
export const svgFile = (name: string) => `docs/statecharts/${name}.svg`;

/** The design tokens (`--color-ink: #241c17`) of src/styles/tokens.css, by name. */
function tokens(root: string): Map<string, string> {
  const css = readFileSync(join(root, 'src/styles/tokens.css'), 'utf8');
  return new Map([...css.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

/**
 * The viewer's own statechart rules (flows.css, `.statechart…`) with the tokens written out: an
 * SVG opened on its own has no page stylesheet, so the drawing carries its styles.
 */
function drawingStyles(root: string): string {
  const values = tokens(root);
  const resolve = (text: string): string =>
    text.replace(/var\((--[\w-]+)\)/g, (_, name: string) => resolve(values.get(name) ?? 'inherit'));
  const css = readFileSync(join(root, 'src/views/flows/flows.css'), 'utf8');
  const rules = [...css.matchAll(/^\.statechart[^{]*\{[^}]*\}/gm)].map((m) => m[0]);
  return resolve(rules.join('\n'));
}

/**
 * A machine's statechart as a standalone SVG document: laid out and drawn by the same code as
 * /flows/{machine} (statechart-layout.ts and statechart-drawing.tsx), elkjs running in Node.
 */
export async function statechartSvg(
  name: string,
  machine: AnyStateMachine,
  root: string,
): Promise<string> {
  const layout = await layoutStatechart(statechartGraph(machine), new ELK());
  const markup = renderToStaticMarkup(
    createElement(StatechartDrawing, {
      name,
      layout,
      selectedId: null,
      onSelect: () => undefined,
      svgRef: null,
      zoom: 1,
    }),
  );
  const styled = markup
    .replace(/^<svg /, '<svg xmlns="http://www.w3.org/2000/svg" ')
    .replace(/(<svg[^>]*>)/, `$1<style>\n${drawingStyles(root)}\n</style>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${styled}\n`;
}

const SVG_LINK = /!\[[^\]]*statechart\]\([^)]*docs\/statecharts\/[\w-]+\.svg\)\n\n/;

/** The flow's Markdown with its drawn statechart linked above the diagram (added when missing). */
export function withSvgLink(markdown: string, name: string): string {
  const link = `![${name} statechart](../../${svgFile(name)})\n\n`;
  if (SVG_LINK.test(markdown)) return markdown.replace(SVG_LINK, () => link);
  const at = markdown.indexOf('```mermaid');
  return at === -1
    ? `${markdown.trimEnd()}\n\n${link}`
    : markdown.slice(0, at) + link + markdown.slice(at);
}
