import type { EntityManager } from 'typeorm';

/** The per-order and per-recipient bounds of order mails (MailService). */
export interface OrderMailBounds {
  perOrder: number;
  perRecipientPerHour: number;
}

export type OrderMailClaim = 'send' | 'order-bound' | 'recipient-bound';

/** Rows older than this are swept (retries of a mail end within minutes; the hour bound needs one hour). */
const LEDGER_RETENTION = `interval '1 day'`;
/** At most this many old rows are swept per claim: the sweep keeps pace with the claims and never grows a claim's cost. */
const SWEEP_BATCH = 100;

/**
 * Whether the order mail `messageKey` may go out, recording it when it may. Runs in the
 * caller's transaction, which must commit for the claim to count. Serialised per recipient
 * by a transaction advisory lock, so claims for one address on any number of instances
 * are counted one after another and none passes a bound with another. A retry of a mail
 * already claimed (a failed send, a worker that died) finds its row and may go again: the
 * bounds count mails, not attempts.
 */
export async function claimOrderMail(
  manager: EntityManager,
  mail: { messageKey: string; recipientKey: string; orderId: string },
  bounds: OrderMailBounds,
): Promise<OrderMailClaim> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('order-mail:' || $1))`, [mail.recipientKey]);
  const [counts] = (await manager.query(
    `SELECT EXISTS (SELECT 1 FROM order_mail_send WHERE message_key = $1) AS claimed,
            (SELECT count(*) FROM order_mail_send WHERE order_id = $3)::int AS for_order,
            (SELECT count(*) FROM order_mail_send WHERE recipient_key = $2 AND sent_at > now() - interval '1 hour')::int AS for_recipient`,
    [mail.messageKey, mail.recipientKey, mail.orderId],
  )) as Array<{ claimed: boolean; for_order: number; for_recipient: number }>;
  if (counts.claimed) return 'send';
  if (counts.for_order >= bounds.perOrder) return 'order-bound';
  if (counts.for_recipient >= bounds.perRecipientPerHour) return 'recipient-bound';
  await manager.query(`INSERT INTO order_mail_send (message_key, recipient_key, order_id) VALUES ($1, $2, $3)`, [
    mail.messageKey,
    mail.recipientKey,
    mail.orderId,
  ]);
  await manager.query(
    `DELETE FROM order_mail_send WHERE message_key IN (SELECT message_key FROM order_mail_send WHERE sent_at < now() - ${LEDGER_RETENTION} LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)`,
  );
  return 'send';
}
