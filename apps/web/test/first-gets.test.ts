import { describe, expect, it } from 'vitest';
import { endpoints, toSearchParams } from '@mako/contract';
import { PAGE_FIRST_GETS } from '../build/first-gets.ts';

// The first GETs the build writes for the server to send from the page (build/first-gets.ts). One
// the client does not send byte for byte is a wasted request on every visit, and one it may not
// send at all is a 401 in the console.
describe("the pages' first GETs", () => {
  const gets = Object.values(PAGE_FIRST_GETS).flat();

  it('are GETs a signed-in user may call, with queries that parse', () => {
    expect(gets.length).toBeGreaterThan(0);
    for (const get of gets) {
      const url = new URL(get, 'http://x');
      const row = Object.values(endpoints).find((e) => e.method === 'GET' && e.path === url.pathname);
      expect(row, get).toBeDefined();
      expect(['bearer', 'optional'], get).toContain(row?.auth);
      expect(row?.path, get).not.toContain('{');
      const query = Object.fromEntries(url.searchParams);
      if ('query' in row! && row.query) expect(row.query.safeParse(query).success, get).toBe(true);
      else expect(query, get).toEqual({});
    }
  });

  it("with a query spelled as the client's own call of the list's first page spells it", () => {
    for (const get of gets.filter((url) => url.includes('?'))) {
      const url = new URL(get, 'http://x');
      const row = Object.values(endpoints).find((e) => e.method === 'GET' && e.path === url.pathname);
      if (!row || !('query' in row) || !row.query) throw new Error(`${get} has a query its row does not take`);
      // The page asks for its list with no filter: the query's defaults, as the client writes them.
      const firstPage = row.query.parse({});
      expect(`${url.pathname}?${toSearchParams(firstPage)}`).toBe(get);
    }
  });
});
