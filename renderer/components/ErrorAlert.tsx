import type { ClientError } from '../client.js';

/** An error shown in place, announced by screen readers; never a browser alert(). */
export function ErrorAlert({ error, testId = 'error' }: { error: ClientError | string | null | undefined; testId?: string }) {
  if (!error) return null;
  const message = typeof error === 'string' ? error : error.message;
  return (
    <p className="alert" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
