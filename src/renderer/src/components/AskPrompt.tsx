/**
 * The model's open question. With choices (Allow / Deny for a file write) the answer is
 * a button; without, the person types the answer in the composer below.
 */
import { useEffect, useRef } from "react";
import { emitAppEvent } from "../app-events";
import { Markdown } from "../markdown/Markdown";
import { QuestionIcon } from "./icons";
import { useTranslation } from "../i18n/react";

interface AskPromptProps {
  conversationId: string;
  question: string;
  choices: string[] | null;
  busy: boolean;
  onAnswer(answer: string): void;
}

const DECLINING = /^(deny|no|cancel|reject|decline|don't|do not)/i;

/**
 * The app's own choices (a file write's, an MCP call's) in the shown language. The answer sent
 * is still the choice itself, which the main process reads; a model's own choices show as they are.
 */
const CHOICE_LABELS = {
  Allow: "message.ask.choice.allow",
  Deny: "message.ask.choice.deny",
  "Allow once": "message.ask.choice.allowOnce",
  "Allow in this conversation": "message.ask.choice.allowConversation",
  "Always allow this tool": "message.ask.choice.allowAlways",
} as const;

const choiceLabel = (choice: string) => (Object.hasOwn(CHOICE_LABELS, choice) ? CHOICE_LABELS[choice as keyof typeof CHOICE_LABELS] : null);

export function AskPrompt({ conversationId, question, choices, busy, onAnswer }: AskPromptProps) {
  const safe = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation();
  const labelOf = (choice: string) => {
    const key = choiceLabel(choice);
    return key ? t(key) : choice;
  };
  // The keyboard starts on the choice that changes nothing (Deny), so Enter or Space never allows by accident.
  const safeIndex = Math.max(0, choices?.findIndex((choice) => DECLINING.test(choice)) ?? 0);

  // A reload of the view brings an equal question in a new array: announce and focus once per question.
  const choicesKey = choices?.join("\u0000") ?? "";
  useEffect(() => {
    emitAppEvent("ask-shown", { id: conversationId, question, choices });
    safe.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId, question, choicesKey]);

  return (
    <section className="ask" aria-label={t("message.ask.region")} role="region">
      <div className="ask__head">
        <QuestionIcon />
        <span>{t(choices?.length ? "message.ask.decision" : "message.ask.asking")}</span>
      </div>
      <div className="ask__question">
        <Markdown text={question} />
      </div>
      {choices?.length ? (
        <div className="ask__choices" role="group" aria-label={t("message.ask.choices")}>
          {choices.map((choice, i) => (
            <button
              key={choice}
              ref={i === safeIndex ? safe : undefined}
              type="button"
              disabled={busy}
              className={`button ${DECLINING.test(choice) ? "button--secondary" : "button--primary"}`}
              onClick={() => onAnswer(choice)}
            >
              {labelOf(choice)}
            </button>
          ))}
        </div>
      ) : (
        <p className="ask__hint">{t("message.ask.typeBelow")}</p>
      )}
    </section>
  );
}
