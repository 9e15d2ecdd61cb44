// Messages to a user's e-mail address. Voltcast has no mail server configured, so a message is
// written to the server log, where the operator finds it (`npm run admin -- reset-link EMAIL` makes
// a password link on demand). Tests replace `mailer.send` to read what was sent.
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export const mailer = {
  send(mail: Mail): void {
    console.log(`[mail] to ${mail.to}: ${mail.subject}\n${mail.text}`);
  },
};
