/**
 * The first mail in the development mailbox (`/_dev/mailbox`, newest first) that `match`
 * accepts, as its HTML list item, once it has arrived (the outbox sends within seconds).
 */
export async function waitForMail(
  baseUrl: string,
  match: (item: string) => boolean,
  timeoutMs = 20_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mailbox = await (await fetch(`${baseUrl}/_dev/mailbox`)).text();
    const mail = mailbox.split('<li class="mail"').slice(1).find(match);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no such mail in the development mailbox');
}
