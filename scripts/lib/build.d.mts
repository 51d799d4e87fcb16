export declare const ROOT: string;
export declare function ensureBuilt(opts?: { log?: (message: string) => void }): Promise<void>;
