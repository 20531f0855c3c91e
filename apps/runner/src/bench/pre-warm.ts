import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { normaliseBaseUrl, sendStreamingRequest, type EndpointConfig } from './client.ts';
import type { BenchRequest } from './datasets.ts';

// Before the schedule's clock starts: the connections and the compiled code the first burst needs.

/**
 * Opens `count` keep-alive connections to the endpoint before the schedule's clock starts, and runs
 * the request and response path once on each (GET /v1/models, which every OpenAI-compatible server
 * answers cheaply): otherwise the first burst pays for TCP connects and for compiling the HTTP
 * code while its requests are already due, and arrives tens of ms late. The answers are dropped;
 * a server that refuses them fails the same way in the run itself.
 */
export async function primeConnections(
  endpoint: EndpointConfig,
  agent: http.Agent,
  count: number,
  signal: AbortSignal,
): Promise<void> {
  if (count <= 0) return;
  const url = new URL(`${normaliseBaseUrl(endpoint.baseUrl)}/v1/models`);
  const transport = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {};
  const once = () =>
    new Promise<void>((resolve) => {
      const req = transport.request(url, { method: 'GET', headers, agent, signal, timeout: 5000 });
      req.on('response', (res) => {
        res.resume();
        res.on('end', resolve);
        res.on('error', () => resolve());
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve());
      req.end();
    });
  await Promise.all(Array.from({ length: count }, once));
}

/**
 * Runs the client's whole request path — body, socket write, streamed answer, event parsing — a few
 * times against a throwaway server on loopback inside this process, so that the first burst does
 * not pay for compiling it while its requests are due. Nothing reaches the endpoint under test.
 */
export async function warmSendPath(endpoint: EndpointConfig, sample: BenchRequest, parallel: number): Promise<void> {
  const chunk =
    endpoint.type === 'chat'
      ? { choices: [{ index: 0, delta: { content: 'warm' } }] }
      : { choices: [{ index: 0, text: 'warm' }] };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < 4; i++) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 1, completion_tokens: 4 } })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const local = new http.Agent({ keepAlive: true });
  const target: EndpointConfig = { ...endpoint, baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 5000 };
  try {
    for (let round = 0; round < 3; round++)
      await Promise.all(
        Array.from({ length: Math.max(1, parallel) }, () => sendStreamingRequest(target, sample, local)),
      );
  } finally {
    local.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
