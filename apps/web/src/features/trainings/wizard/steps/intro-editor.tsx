import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';

interface IntroEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
}

/** The control labels in the interface language. */
function useEditorLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation();
  const label = (key: string) => t(`trainingWizard.intro.editor.${key}`);
  return {
    boldControlLabel: label('bold'),
    italicControlLabel: label('italic'),
    underlineControlLabel: label('underline'),
    strikeControlLabel: label('strike'),
    clearFormattingControlLabel: label('clearFormatting'),
    linkControlLabel: label('link'),
    unlinkControlLabel: label('unlink'),
    bulletListControlLabel: label('bulletList'),
    orderedListControlLabel: label('orderedList'),
    h2ControlLabel: label('heading2'),
    h3ControlLabel: label('heading3'),
    undoControlLabel: label('undo'),
    redoControlLabel: label('redo'),
    linkEditorInputLabel: label('linkInput'),
    linkEditorInputPlaceholder: 'https://example.com',
    linkEditorExternalLink: label('linkExternal'),
    linkEditorInternalLink: label('linkInternal'),
    linkEditorSave: label('linkSave'),
  };
}

/** The rich-text intro message (tiptap); loaded only when the intro step shows it. */
export function IntroEditor({ value, onChange, label }: IntroEditorProps) {
  const labels = useEditorLabels();
  const editor = useEditor({
    // Mantine's controls show their active state only when the editor renders on every change.
    shouldRerenderOnTransaction: true,
    // StarterKit brings its own link mark; Mantine's adds the link editor's shortcut.
    extensions: [StarterKit.configure({ link: false, heading: { levels: [2, 3] } }), Link],
    content: value,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <RichTextEditor editor={editor} labels={labels} data-testid="intro-editor">
      <RichTextEditor.Toolbar sticky stickyOffset={64}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={200} />
    </RichTextEditor>
  );
}
