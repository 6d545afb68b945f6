/** pino-roll ships no types: the part this project uses (main/watch/log.ts). */
declare module 'pino-roll' {
  interface RollStream {
    /** The file written now. */
    readonly file: string;
    write(chunk: string): boolean;
    /** -1 until the file is open. */
    readonly fd: number;
    flushSync(): void;
    end(): void;
    once(event: 'ready', listener: () => void): this;
    once(event: 'error', listener: (e: Error) => void): this;
    on(event: 'error', listener: (e: Error) => void): this;
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
