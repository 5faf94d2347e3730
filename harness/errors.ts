// The one kind of error the CLI shows as a message: a failure the user can act on (what happened,
// what to do), with the exit code the command ends with. Any other error that reaches the CLI is a
// bug in the harness, and is shown whole, stack trace included.
export class UserError extends Error {
  constructor(
    message: string,
    /** 1: the command could not do its job; 2: it was asked something that cannot be (bad usage). */
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad usage: a flag's value, an unknown name, a file that is not what the command reads. Exit code 2, as yargs' own. */
export class UsageError extends UserError {
  constructor(message: string) {
    super(message, 2);
  }
}
