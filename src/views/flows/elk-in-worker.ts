import ELK from 'elkjs/lib/elk-api.js';
import ElkWorker from 'elkjs/lib/elk-worker.min.js?worker';

/**
 * ELK (1.4 MB of compiled Java) parsed and run in a worker of its own, so the viewer's page stays
 * responsive while a chart is laid out; the worker is this origin's own file (the CSP's 'self').
 */
export const elkInWorker = new ELK({ workerFactory: () => new ElkWorker() });
