import { Client } from 'pg';

/**
 * How fast this machine is right now, measured before the API starts, so results of
 * different days can be compared: the VMs this runs on have differed by up to 1.5× in
 * speed between sessions on unchanged code. Fixed
 * work, the median of three timings each:
 * - `nodeMs`: JSON round trips of a cart-sized object on one core (Node's own speed);
 * - `pgQueryMs`: a CPU-bound query (PostgreSQL's executor speed);
 * - `pgRoundTripUs`: one prepared `SELECT $1::int` from one connection (loopback latency
 *   plus the backend's per-statement overhead).
 */
export interface MachineCalibration {
  nodeMs: number;
  pgQueryMs: number;
  pgRoundTripUs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function timeNode(): number {
  const cart = {
    id: 'cart_01',
    items: Array.from({ length: 4 }, (_, i) => ({
      id: `item_${i}`,
      title: 'A product title',
      unit_price: 1000 + i,
      quantity: i + 1,
      metadata: { note: 'x'.repeat(40) },
    })),
    region: { id: 'reg_01', name: 'Europe', countries: ['de', 'fr', 'it', 'es', 'nl', 'be'].map((iso_2) => ({ iso_2, name: iso_2.toUpperCase() })) },
    totals: { subtotal: 10_000, tax_total: 2_500, total: 12_500 },
  };
  const start = process.hrtime.bigint();
  let size = 0;
  for (let i = 0; i < 20_000; i++) size += (JSON.parse(JSON.stringify(cart)) as { id: string }).id.length;
  if (size === 0) throw new Error('unreachable');
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function timePg(client: Client): Promise<{ queryMs: number; roundTripUs: number }> {
  let start = process.hrtime.bigint();
  await client.query('SELECT sum(i) FROM generate_series(1, 300000) AS i');
  const queryMs = Number(process.hrtime.bigint() - start) / 1e6;
  const rounds = 2_000;
  start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) await client.query({ name: 'calibration_round_trip', text: 'SELECT $1::int AS n', values: [i] });
  return { queryMs, roundTripUs: Number(process.hrtime.bigint() - start) / 1e3 / rounds };
}

export async function calibrateMachine(databaseUrl: string): Promise<MachineCalibration> {
  timeNode(); // warm-up: the timed runs measure optimised code
  const nodeMs = median([timeNode(), timeNode(), timeNode()]);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await timePg(client);
    const runs = [await timePg(client), await timePg(client), await timePg(client)];
    return {
      nodeMs: Math.round(nodeMs),
      pgQueryMs: Math.round(median(runs.map((r) => r.queryMs))),
      pgRoundTripUs: Math.round(median(runs.map((r) => r.roundTripUs))),
    };
  } finally {
    await client.end();
  }
}

export function describeCalibration(c: MachineCalibration): string {
  return `machine: Node ${c.nodeMs} ms, PostgreSQL query ${c.pgQueryMs} ms, round trip ${c.pgRoundTripUs} µs (lower is faster; bench/machine-calibration.ts)`;
}
