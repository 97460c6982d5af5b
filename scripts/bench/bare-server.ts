import { readFileSync } from 'node:fs';
import http from 'node:http';

/**
 * The baseline of `npm run bench`: a bare node:http process answering, for each path, the same
 * bytes and content type the app answered. argv: a JSON file of { [url]: { body, type } }, a port
 * (0: any free one, sent to the parent).
 */
const [file = '', port = '0'] = process.argv.slice(2);
const answers = new Map(
  Object.entries(
    JSON.parse(readFileSync(file, 'utf8')) as Record<string, { body: string; type: string }>,
  ).map(([url, { body, type }]) => [url, { body: Buffer.from(body, 'base64'), type }]),
);
http
  .createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length });
    response.end(answer.body);
  })
  .listen(Number(port), '127.0.0.1', function (this: http.Server) {
    // The port chosen (0 asks the system for a free one).
    const address = this.address();
    process.send?.(typeof address === 'object' && address ? address.port : Number(port));
  });
