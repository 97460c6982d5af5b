import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3000);

/**
 * Preloads the typeface: adds <link rel="preload" as="font"> for the built (hashed) font file to
 * index.html, so the browser fetches it with the HTML instead of after the CSS. The file keeps
 * Vite's hashed name under /assets/, which the server caches for a year (immutable).
 * Build only: the development server serves the font from node_modules on first use.
 */
function fontPreload(fileStart: string): Plugin {
  return {
    name: 'sfoglia-font-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const asset = Object.values(context.bundle ?? {}).find(
          (output) =>
            output.type === 'asset' &&
            output.fileName.split('/').pop()?.startsWith(fileStart) &&
            output.fileName.endsWith('.woff2'),
        );
        if (!asset) throw new Error(`fontPreload: no built font named ${fileStart}*.woff2`);
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${asset.fileName}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: 'anonymous',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/** The query that marks the statechart viewer's own copy of a module (src/views/flows). */
const FLOWS_COPY = '?flows-viewer';

/**
 * The statechart viewer (/flows) imports every machine with this query, and this plugin gives
 * everything those machines import from our own code the same query: the viewer's chunk gets
 * its own copy of them, so the customer routes' chunks are split exactly as without the viewer
 * and cost not a byte more (a shared machine became a chunk of its own, about 1 KiB a route).
 * Packages in node_modules (xstate) and data files stay shared.
 */
function flowsViewerCopy(): Plugin {
  return {
    name: 'sfoglia-flows-viewer-copy',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.endsWith(FLOWS_COPY) || source.includes('?')) return null;
      const resolved = await this.resolve(source, importer.slice(0, -FLOWS_COPY.length), {
        ...options,
        skipSelf: true,
      });
      // Our TypeScript only: other files (JSON) are read by plugins that would not see the query.
      if (!resolved || resolved.external || !/^[^?\0]*\.tsx?$/.test(resolved.id)) return resolved;
      if (resolved.id.includes('/node_modules/')) return resolved;
      return { ...resolved, id: `${resolved.id}${FLOWS_COPY}` };
    },
  };
}

/** elkjs's Browserify prelude probes for a CommonJS `require`, twice, with exactly this text. */
const ELK_REQUIRE_PROBE = '"function"==typeof require&&require';

/**
 * elkjs's API (the statechart viewer's layout, /flows; its work runs in a worker) is a Browserify
 * bundle whose prelude asks `"function"==typeof require&&require` before it falls back to its own
 * module table. That free `require` makes Rolldown add its `require` stand-in (0.1 to 0.2 KiB
 * gzip) to the chunk shared by every route. In the browser there is no `require`, so the probe is
 * always false: this writes `false` in its place. A changed elkjs that no longer has the two probes fails the build, so the
 * rewrite never silently stops applying.
 */
function elkWithoutRequireProbe(): Plugin {
  return {
    name: 'sfoglia-elk-without-require-probe',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]elkjs[\\/]lib[\\/]elk-api\.js$/ },
      handler(code, id) {
        const probes = code.split(ELK_REQUIRE_PROBE).length - 1;
        if (probes !== 2) {
          throw new Error(
            `elkWithoutRequireProbe: expected 2 require probes in ${id}, saw ${probes}`,
          );
        }
        return { code: code.replaceAll(ELK_REQUIRE_PROBE, 'false'), map: null };
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    fontPreload('figtree-latin-wght-normal'),
    flowsViewerCopy(),
    elkWithoutRequireProbe(),
  ],
  server: {
    proxy: { '/api': `http://localhost:${apiPort}`, '/dev': `http://localhost:${apiPort}` },
  },
  // The server build (product rule R14.13, src/ssr/entry-server.tsx) goes beside the SPA, never
  // inside it: dist/ is served to the public; public/ is the SPA's alone.
  ...(isSsrBuild ? { publicDir: false } : {}),
  build: isSsrBuild
    ? { outDir: 'dist-ssr', sourcemap: true, target: 'node20' }
    : { outDir: 'dist', sourcemap: true, target: 'es2022', manifest: true },
  test: {
    // CI counts results from these files (.ci/run).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: process.env.VITEST_JSON ?? 'test-results/vitest.json' },
    // Vitest's default on 2 cores is one worker; the API files wait on their database much of the
    // time, so two finish the suite about a fifth sooner on the CI machine.
    maxWorkers: 2,
    // Unit and API files share each worker's module graph (`isolate: false`): importing the server
    // afresh for every API file was 40% of the suite's time. Each file owns its database (a clone
    // of the template) and its app, and restores any global it stubs (fetch, timers, `window`)
    // after each test: a `window` left behind makes PGlite, in a later file of the same worker, take
    // Node for a browser. The component files keep their own jsdom.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/components/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
