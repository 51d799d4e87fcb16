export declare const ROOT: string;
export declare function ensureBuilt(opts?: {
  log?: (message: string) => void;
  packages?: string[];
}): Promise<void>;
