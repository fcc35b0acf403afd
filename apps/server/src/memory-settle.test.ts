import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { settleMemoryWhenQuiet } from './memory-settle.ts';

const MB = 1024 * 1024;
const silent = { info: () => {}, warn: () => {} };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server whose requests end when the test says so, with a fake heap and collector. */
function setUp() {
  const open: (() => void)[] = [];
  const server = createServer((_request, response) => open.push(() => response.end('done')));
  let heap = 100 * MB;
  const collections: number[] = [];
  const memory = settleMemoryWhenQuiet(server, silent, {
    collect: () => {
      collections.push(heap);
      heap = 60 * MB;
    },
    heapBytes: () => heap,
    quietMs: 50,
  });
  return {
    server,
    memory,
    collections,
    grow: (bytes: number) => {
      heap += bytes;
    },
    finishAll: () => {
      for (const finish of open.splice(0)) finish();
    },
  };
}

let closeServer: (() => void) | undefined;
afterEach(() => closeServer?.());

describe('memory settle', () => {
  it('collects at once when the heap grew (the start), and not again until it grows by 32 MB', () => {
    const { memory, collections, grow } = setUp();
    expect(memory.settle()).toBe(true);
    expect(collections).toEqual([100 * MB]);
    grow(31 * MB);
    expect(memory.settle()).toBe(false);
    grow(2 * MB);
    expect(memory.settle()).toBe(true);
    expect(collections).toHaveLength(2);
  });

  it('collects only once no request has been in flight for the quiet time', async () => {
    const { server, memory, collections, grow, finishAll } = setUp();
    memory.settle();
    server.listen(0);
    closeServer = () => server.close();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    grow(64 * MB);
    const first = fetch(url).then((r) => r.text());
    const second = fetch(url).then((r) => r.text());
    await wait(150);
    expect(collections).toHaveLength(1); // both still in flight
    finishAll();
    await Promise.all([first, second]);
    expect(collections).toHaveLength(1); // quiet for less than 50 ms
    await wait(150);
    expect(collections).toEqual([100 * MB, 124 * MB]);
  });

  it('does nothing without a collector (a server started without --expose-gc)', () => {
    const memory = settleMemoryWhenQuiet(null, silent, { collect: null, heapBytes: () => 500 * MB });
    expect(memory.settle()).toBe(false);
  });
});
