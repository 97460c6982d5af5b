// The part of autocannon 8 that scripts/bench/api.ts uses (the package ships no types).
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
  }
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
