// Where withdrawals go (issue 43): binding, changing or removing the bank account asks for the payment PIN; it is
// recorded for the owner's security history (the audit log), and a new one is announced on every channel the
// account has, with no link, so a thief who added it is seen in time: withdrawals to it wait 24 hours.
import { transact } from "../../db/transaction.ts";
import type { BankCardInput, BankCardView } from "#common/contracts/wallet.ts";
import type { Proof } from "#common/contracts/auth.ts";
import { payoutHoldHours } from "#common/wallet-states.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { userContact } from "../../modules/auth/auth.service.ts";
import { checkProof, type ProofDeps } from "../../modules/auth/proof.ts";
import { securityLink, securityNotice } from "../security-notice.ts";
import { notifyUser } from "../../modules/notifications/inbox.service.ts";
import { deliver, type NotifyDeps } from "../../modules/notifications/notifications.service.ts";
import { bankCardNumber, removeBankCard, saveBankCard } from "../../modules/wallet/wallet.service.ts";
import type { Translate } from "#common/i18n/i18n.ts";

type Deps = NotifyDeps & ProofDeps & { t: Translate };

/** Binds or changes the bank account after the PIN; audited, and its owner told on every channel. */
export async function bindBankCard(deps: Deps, userId: string, input: BankCardInput): Promise<BankCardView> {
  await checkProof(deps, userId, input.proof, securityNotice);
  const card = await transact(deps.db, async (tx) => {
    const saved = await saveBankCard(tx, userId, input);
    await recordAudit(tx, {
      actorId: userId,
      action: "bank.add",
      subject: { type: "user", id: userId },
      after: { bank: saved.bankName, number: saved.maskedNumber },
    });
    // And in the notification centre, with it (issue 44): the masked number only.
    await notifyUser(tx, {
      userId,
      category: "account",
      kind: "securityBankAccount",
      params: { bank: saved.bankName, number: saved.maskedNumber, count: payoutHoldHours },
      link: securityLink,
    });
    return saved;
  });
  await announce(deps, userId, card);
  return card;
}

/** Removes the bank account after the PIN; audited. */
export async function unbindBankCard(deps: ProofDeps, userId: string, proof: Proof): Promise<void> {
  await checkProof(deps, userId, proof, securityNotice);
  await transact(deps.db, async (tx) => {
    const card = await removeBankCard(tx, userId);
    await recordAudit(tx, {
      actorId: userId,
      action: "bank.remove",
      subject: { type: "user", id: userId },
      before: { bank: card.bankName, number: card.maskedNumber },
    });
  });
}

/** The bank account's full number, after the PIN (a read that counts a wrong PIN, so a mutation). */
export async function revealBankCard(
  deps: ProofDeps,
  userId: string,
  proof: Proof,
): Promise<{ accountNumber: string }> {
  await checkProof(deps, userId, proof, securityNotice);
  return { accountNumber: await bankCardNumber(deps.db, userId) };
}

/**
 * Tells the owner by email and by SMS (each address the account has) that a bank account was added: no link, only
 * what to do when it was not them. The account is saved whatever happens to a message; one that fails is logged.
 */
async function announce(deps: Deps, userId: string, card: BankCardView): Promise<void> {
  const contact = await userContact(deps.db, userId);
  const text = deps.t("notices.bankAdded.body", {
    bank: card.bankName,
    number: card.maskedNumber,
    count: payoutHoldHours,
  });
  const subject = deps.t("notices.bankAdded.subject");
  const sends = [
    contact.email && deliver(deps, { channel: "email", to: contact.email, subject, text }),
    contact.phone && deliver(deps, { channel: "sms", to: contact.phone, subject, text }),
  ];
  for (const result of await Promise.allSettled(sends.filter(Boolean))) {
    if (result.status === "rejected") deps.log.warn({ err: result.reason }, "bank account notice not sent");
  }
}
