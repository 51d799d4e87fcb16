import type { ChildProcess } from 'node:child_process';

export declare const REMOTE_PORTS: Record<'auth' | 'user' | 'brand' | 'advocate', number>;

export interface RunningProduct {
  url: string;
  server: ChildProcess;
  startRemote(area: string, port?: number, key?: string): Promise<void>;
  stopRemote(key: string): Promise<void>;
  stop(): Promise<void>;
}

export declare function startProduct(opts?: {
  port?: number;
  remotePorts?: Record<string, number>;
  env?: Record<string, string>;
  quiet?: boolean;
}): Promise<RunningProduct>;
