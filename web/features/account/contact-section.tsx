import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { displayAccount } from "#common/account-display.ts";
import { Field, SubmitButton } from "../auth/form.tsx";
import { ActionCodeField } from "./action-code-field.tsx";
import { askPin } from "./pin-dialog.tsx";
import { useFormState } from "./pin-section.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";

// The account's email and phone number on the security page (issue 43): changed with a code sent to the new address
// and the PIN; every other device is signed out and the old address is told.

function ChangeForm(props: { onDone: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useFormState({ account: "", code: "" });
  const change = useMutation(
    trpc.account.contact.change.mutationOptions({
      onSuccess: () => {
        toast.notify(t("account.contact.changed"), "success");
        props.onDone();
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() }),
    }),
  );
  const { values } = form;
  // The server reads the address (an email, or a number as people type it) and says when it is not one.
  const typed = () => values.account.trim() !== "";
  const addressOk = () => typed() || !form.accept({ account: "auth.validation.enterAccount" });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const found = {
          account: typed() ? undefined : "auth.validation.enterAccount",
          code: /^\d{6}$/.test(values.code) ? undefined : "auth.validation.invalidCode",
        };
        if (!form.accept(found)) return;
        askPin({
          title: t("account.contact.change"),
          confirmLabel: t("account.contact.save"),
          onProof: (proof) => change.mutateAsync({ account: values.account, code: values.code, proof }),
        });
      }}
    >
      <Field
        label={t("account.contact.newAddress")}
        hint={t("account.contact.newAddressHint")}
        error={form.message("account")}
        input={{
          name: "account",
          type: "text",
          inputMode: "email",
          autoComplete: "off",
          value: values.account,
          onChange: (e) => form.set("account")(e.target.value),
        }}
      />
      <ActionCodeField
        sendOptions={trpc.account.contact.sendCode.mutationOptions()}
        sendInput={{ account: values.account }}
        ready={addressOk}
        value={values.code}
        onChange={form.set("code")}
        error={form.message("code")}
      />
      <SubmitButton busy={change.isPending}>{t("account.contact.save")}</SubmitButton>
    </form>
  );
}

export function ContactSection() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions()).data;
  const [editing, setEditing] = useState(false);
  if (!me) return null;
  return (
    <Card labelledBy="contact-title">
      <h2 id="contact-title" className="font-semibold">
        {t("account.contact.title")}
      </h2>
      <dl className="mt-2 text-sm">
        <div className="flex justify-between gap-3 py-1">
          <dt className="text-gray-700 dark:text-gray-300">{t("account.contact.email")}</dt>
          <dd className="min-w-0 font-medium break-all" data-testid="contact-email">
            {me.email ?? "—"}
          </dd>
        </div>
        <div className="flex justify-between gap-3 py-1">
          <dt className="text-gray-700 dark:text-gray-300">{t("account.contact.phone")}</dt>
          <dd className="font-medium" data-testid="contact-phone">
            {me.phone ? displayAccount({ kind: "phone", value: me.phone }) : "—"}
          </dd>
        </div>
      </dl>
      {editing ? (
        <ChangeForm onDone={() => setEditing(false)} />
      ) : (
        <button
          type="button"
          onClick={() => setEditing(true)}
          className="mt-3 min-h-11 w-full rounded-full border border-primary-700 px-3 py-2 leading-tight font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
        >
          {t("account.contact.change")}
        </button>
      )}
    </Card>
  );
}
