/** pino-roll ships no types: the part this project uses (main/watch/log.ts). */
declare module 'pino-roll' {
  interface RollStream {
    /** The file written now. */
    readonly file: string;
    write(chunk: string): boolean;
    flushSync(): void;
    end(): void;
  }
  interface RollOptions {
    file: string;
    extension?: string;
    size?: string | number;
    frequency?: 'daily' | 'hourly' | number;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    symlink?: boolean;
    mkdir?: boolean;
    sync?: boolean;
    mode?: number;
  }
  export default function pinoRoll(options: RollOptions): Promise<RollStream>;
}
