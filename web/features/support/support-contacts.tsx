import { useId } from "react";
import { Mail, MessageCircle } from "lucide-react";
import { useI18n } from "../../lib/i18n.tsx";
import { useWebConfig } from "../../lib/web-config.ts";

/**
 * The platform's support contacts (WhatsApp and email, from the web config): on the account, FAQ and
 * sign-in pages, so a visitor who cannot sign in can still reach someone. Nothing when none is set.
 */
export function SupportContacts(props: { className?: string }) {
  const { t } = useI18n();
  const id = useId();
  const support = useWebConfig()?.support;
  if (!support || (!support.whatsapp && !support.email)) return null;
  return (
    <section aria-labelledby={id} className={props.className} data-testid="support-contacts">
      <h2 id={id} className="font-semibold">
        {t("support.contacts.title")}
      </h2>
      <ul className="mt-2 grid gap-2">
        {support.whatsapp && (
          <li>
            <a
              href={`https://wa.me/${support.whatsapp.replace(/\D/g, "")}`}
              rel="noopener noreferrer"
              target="_blank"
              className="flex items-center gap-3 rounded-lg p-2 hover:bg-gray-100 dark:hover:bg-gray-800"
            >
              <MessageCircle className="size-5 text-primary-700 dark:text-primary-400" aria-hidden="true" />
              <span>
                {t("support.contacts.whatsapp")}: {support.whatsappText ?? support.whatsapp}
              </span>
            </a>
          </li>
        )}
        {support.email && (
          <li>
            <a
              href={`mailto:${support.email}`}
              className="flex items-center gap-3 rounded-lg p-2 break-all hover:bg-gray-100 dark:hover:bg-gray-800"
            >
              <Mail className="size-5 shrink-0 text-primary-700 dark:text-primary-400" aria-hidden="true" />
              <span>
                {t("support.contacts.email")}: {support.email}
              </span>
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
