/**
 * A reason not to start that the operator can act on (a setting to change, a folder to
 * move): its message is the whole story, printed as one line without a stack trace.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
