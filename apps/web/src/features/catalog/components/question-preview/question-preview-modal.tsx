import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconChevronLeft,
  IconChevronRight,
  IconLayoutGrid,
} from '@tabler/icons-react';
import type { Company, QuestionSummary } from '@vigil/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentLanguageSelect } from '../../../../components/content-language-select.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { useCurrentCompany } from '../../../../lib/session/index.ts';
import { useIsPhone } from '../../../../lib/use-is-phone.ts';
import { useQuestion, type PersonalizeKeys } from '../../api/get-question.ts';
import {
  blockAfterAnswer,
  canGoNext,
  isKnownPresentation,
  QUESTION_AUTO_ADVANCE_MS,
  type BlockAnswer,
  type BlockAnswers,
} from '../../question-blocks.ts';
import { UnavailableBanner } from '../unavailable-banner.tsx';
import { QuestionCarousel } from './question-carousel.tsx';
import { QuestionDetailsPopover } from './question-details-popover.tsx';
import classes from './question-preview.module.css';

export interface QuestionPreviewModalProps {
  opened: boolean;
  onClose: () => void;
  /** The questions the preview can step through with 'Previous question' and 'Skip to next question'. */
  questions: QuestionSummary[];
  /** The one shown. */
  index: number;
  onIndexChange: (index: number) => void;
  /** The assessment wizard's preview: adds 'Back to add questions'. */
  wizardMode?: boolean;
  /** Where 'Back to add questions' leads; closing when not given. */
  onBackToAddQuestions?: () => void;
  /** The personalised texts' values; the company's own when not given. */
  personalize?: PersonalizeKeys;
}

const NO_KEYS: PersonalizeKeys = {};

interface PreviewBodyProps extends Omit<
  QuestionPreviewModalProps,
  'opened' | 'index' | 'onIndexChange' | 'questions'
> {
  company: Company;
  question: QuestionSummary;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  language: string;
  onLanguageChange: (language: string) => void;
}

/** One question's preview; keyed by the question, so that another question starts at its first block. */
function QuestionPreviewBody({
  company,
  question,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  onClose,
  wizardMode,
  onBackToAddQuestions,
  personalize,
  language,
  onLanguageChange,
}: PreviewBodyProps) {
  const { t } = useTranslation();
  const lang = question.languages.includes(language) ? language : 'en';
  const query = useQuestion(company.company_id, question.id, lang, personalize ?? NO_KEYS);
  const [blockIndex, setBlockIndex] = useState(0);
  const [answers, setAnswers] = useState<BlockAnswers>({});
  const advance = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(advance.current), []);

  const detail = query.data;
  const blocks = detail?.blocks ?? [];
  const blocked = (detail ?? question).disabled;
  const goTo = (index: number) => {
    clearTimeout(advance.current);
    setBlockIndex(index);
  };
  const answer = (value: BlockAnswer) => {
    setAnswers({ ...answers, [blockIndex]: value });
    const next = blockAfterAnswer(blocks, blockIndex, value);
    clearTimeout(advance.current);
    if (next !== null) advance.current = setTimeout(() => setBlockIndex(next), QUESTION_AUTO_ADVANCE_MS);
  };
  const isLast = blockIndex >= blocks.length - 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ContentLanguageSelect
          languages={question.languages}
          value={detail?.language ?? lang}
          onChange={onLanguageChange}
          loading={query.isPlaceholderData}
        />
        <QuestionDetailsPopover question={detail ?? question} />
      </Group>

      {blocked ? (
        <UnavailableBanner company={company} />
      ) : query.isPending ? (
        <Stack gap="sm" aria-busy="true" mih={220}>
          <Skeleton h={12} w={90} />
          <Skeleton h={14} />
          <Skeleton h={14} w="85%" />
          <Skeleton h={14} w="70%" />
        </Stack>
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !isKnownPresentation(query.data.presentation) ? (
        <Alert color="orange" variant="light" data-testid="unknown-presentation">
          {t('questionPreview.unknownPresentation')}
        </Alert>
      ) : (
        <QuestionCarousel blocks={blocks} index={blockIndex} answers={answers} onAnswer={answer} />
      )}

      <div className={classes.footer}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            {hasPrevious && (
              <Button
                variant="subtle"
                size="sm"
                leftSection={<IconChevronLeft size={16} />}
                onClick={onPrevious}
              >
                {t('questionPreview.previousQuestion')}
              </Button>
            )}
            {wizardMode && (
              <Button
                variant="subtle"
                size="sm"
                leftSection={<IconLayoutGrid size={16} />}
                onClick={onBackToAddQuestions ?? onClose}
              >
                {t('questionPreview.backToAdd')}
              </Button>
            )}
          </Group>
          <Group gap="xs">
            {!blocked && blocks.length > 1 && (
              <>
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconArrowLeft size={16} />}
                  disabled={blockIndex === 0}
                  onClick={() => goTo(blockIndex - 1)}
                >
                  {t('questionPreview.back')}
                </Button>
                {!isLast && (
                  <Button
                    size="sm"
                    rightSection={<IconArrowRight size={16} />}
                    disabled={!canGoNext(blocks, blockIndex, answers)}
                    onClick={() => goTo(blockIndex + 1)}
                  >
                    {t('questionPreview.next')}
                  </Button>
                )}
              </>
            )}
            {hasNext && (
              <Button
                variant="light"
                size="sm"
                rightSection={<IconChevronRight size={16} />}
                onClick={onNext}
              >
                {t('questionPreview.skipToNext')}
              </Button>
            )}
            <Button variant="default" size="sm" onClick={onClose}>
              {t('questionPreview.close')}
            </Button>
          </Group>
        </Group>
      </div>
    </Stack>
  );
}

/**
 * The question preview of spec 3 §2.2: header, language, details, the blocks as a carousel that moves
 * on by itself 500 ms after an answer, and a footer to step through blocks and questions. Used by the
 * content browser and the assessment wizard.
 */
export function QuestionPreviewModal({
  opened,
  onClose,
  questions,
  index,
  onIndexChange,
  ...rest
}: QuestionPreviewModalProps) {
  const { t, i18n } = useTranslation();
  const phone = useIsPhone();
  const { company } = useCurrentCompany();
  const [language, setLanguage] = useState(i18n.language);
  const question = questions[index];

  return (
    <Modal
      opened={opened && Boolean(question)}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={
        question && (
          <>
            <Text component="span" display="block" size="xs" c="dimmed" fw={600}>
              {t('questionPreview.number', { number: question.number })}
            </Text>
            <Text component="span" display="block" fw={700} size="lg">
              {question.name}
            </Text>
            <Badge component="span" variant="light" mt={4}>
              {question.areaName}
            </Badge>
          </>
        )
      }
    >
      {question && company && (
        <QuestionPreviewBody
          key={question.id}
          company={company}
          question={question}
          hasPrevious={index > 0}
          hasNext={index < questions.length - 1}
          onPrevious={() => onIndexChange(index - 1)}
          onNext={() => onIndexChange(index + 1)}
          onClose={onClose}
          language={language}
          onLanguageChange={setLanguage}
          {...rest}
        />
      )}
    </Modal>
  );
}
