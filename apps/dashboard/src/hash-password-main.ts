import { hashPassword } from '@quarry/dashboard';

/** Reads a line from the terminal without echoing it. */
function readHidden(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let value = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\u0003') {
          stdin.setRawMode(false);
          stderr.write('\n');
          reject(new Error('cancelled'));
          return;
        }
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stderr.write('\n');
          resolve(value);
          return;
        }
        value = char === '\u007f' || char === '\b' ? value.slice(0, -1) : value + char;
      }
    };
    stdin.on('data', onData);
  });
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, '');
}

/**
 * `pnpm --filter @quarry/app-dashboard hash-password`: prints a scrypt hash for DASHBOARD_USERS. Asks twice
 * on a terminal (without echo); otherwise reads the password from standard input.
 */
async function main(): Promise<number> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await readHidden('Password: ');
    if ((await readHidden('Again: ')) !== password) {
      process.stderr.write('hash-password: the passwords differ\n');
      return 1;
    }
  } else {
    password = await readStdin();
  }
  if (password === '') {
    process.stderr.write('hash-password: the password must not be empty\n');
    return 1;
  }
  process.stdout.write(`${await hashPassword(password)}\n`);
  process.stderr.write('Use it as name:role:<hash> in DASHBOARD_USERS (quote it in a shell).\n');
  return 0;
}

process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`hash-password: ${(error as Error).message}\n`);
  return 1;
});
