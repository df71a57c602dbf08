import { useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import {
  withItemAnswer,
  type ActionBlock,
  type AssessmentQuestion,
  type DraftChoice,
  type QuestionDrafts,
} from '../lib/assessment-progress.ts';

/** How an answer was given: moving through a radio group with the arrow keys only browses. */
export type AnswerGesture = 'choose' | 'browse';

interface AssessmentQuestionProps {
  question: AssessmentQuestion;
  drafts: QuestionDrafts | undefined;
  language: string;
  onDraft: (actionId: string, draft: DraftChoice, gesture: AnswerGesture) => void;
}

const BROWSE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * The blocks of one question in order: situations, pictures, then what the employee would do, as large
 * radio cards (one option) or a Yes/No pair per statement. Native radios keep the keyboard and screen
 * reader behaviour people know; a change made by an arrow key is reported as browsing, so it is saved
 * but does not carry the employee on to the next question.
 */
export function AssessmentQuestionBlocks({ question, drafts, language, onDraft }: AssessmentQuestionProps) {
  const browsing = useRef(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!BROWSE_KEYS.has(event.key)) return;
    browsing.current = true;
    // The radio's change event follows within this keystroke; afterwards a click is a choice again.
    setTimeout(() => {
      browsing.current = false;
    }, 0);
  };
  const gesture = (): AnswerGesture => (browsing.current ? 'browse' : 'choose');

  return (
    <div className="question-blocks" lang={language} onKeyDown={onKeyDown}>
      {question.blocks.map((block, i) => {
        const key = `${question.id}-${i}`;
        switch (block.type) {
          case 'scenario':
            return (
              <p key={key} className="scenario-text prose">
                {block.text}
              </p>
            );
          case 'image':
            return (
              <figure key={key} className="scenario-image">
                <img src={block.src} alt={block.alt} />
              </figure>
            );
          case 'multiple-choice':
          case 'yes-no-list':
            return (
              <ActionBlockView
                key={key}
                name={`${question.id}-${block.actionId}`}
                block={block}
                draft={drafts?.[block.actionId]}
                onDraft={(draft) => onDraft(block.actionId, draft, gesture())}
              />
            );
          default:
            return null;
        }
      })}
    </div>
  );
}

interface ActionBlockViewProps {
  name: string;
  block: ActionBlock;
  draft: DraftChoice | undefined;
  onDraft: (draft: DraftChoice) => void;
}

function ActionBlockView({ name, block, draft, onDraft }: ActionBlockViewProps) {
  const { t } = useI18n();
  if (block.type === 'multiple-choice') {
    const chosen = draft && 'option' in draft ? draft.option : null;
    return (
      <fieldset className="action">
        <legend className="action-question">{block.question}</legend>
        <div className="choices">
          {block.options.map((option, i) => (
            <label key={i} className="choice">
              <input
                type="radio"
                name={name}
                value={i}
                checked={chosen === i}
                onChange={(event: ChangeEvent<HTMLInputElement>) => {
                  if (event.target.checked) onDraft({ option: i });
                }}
              />
              <span className="choice-text">{option}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  const items = draft && 'items' in draft ? draft.items : [];
  return (
    <fieldset className="action">
      <legend className="action-question">{block.question}</legend>
      <ul className="yes-no-list">
        {block.items.map((item, i) => {
          const textId = `${name}-item-${i}`;
          const said = items[i];
          const answer = (value: boolean) => onDraft(withItemAnswer(draft, block.items.length, i, value));
          return (
            <li key={i} className="yes-no-item">
              <span id={textId} className="yes-no-text">
                {item}
              </span>
              <div className="toggle" role="radiogroup" aria-labelledby={textId}>
                {[true, false].map((value) => (
                  <label key={String(value)} className="toggle-option">
                    <input
                      type="radio"
                      name={`${name}-${i}`}
                      checked={said === value}
                      onChange={(event) => {
                        if (event.target.checked) answer(value);
                      }}
                    />
                    <span>{value ? t('yes') : t('no')}</span>
                  </label>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
