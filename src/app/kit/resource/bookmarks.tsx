import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Select, Stack, TextInput } from '@mantine/core';
import { IconBookmark, IconBookmarkPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { MAX_TEMPLATE_NAME, type BookmarkData } from '../../../shared/contract/list-settings.contract';
import { defaultBookmarkName, validateBookmarkSave, BOOKMARK_MESSAGES, type BookmarkSaveErrors, type BookmarkSaveType } from '../../../shared/validation';
import { callApi } from '../api';
import { toast } from '../toast';
import { listSettingsQueries } from './list-settings-queries';

interface BookmarkButtonsProps {
  /** The list's route: bookmarks are saved per user, warehouse and list. */
  urlPath: string;
  /** The filter state to save: the search the panel's current values make. */
  current(): BookmarkData;
  /** Applies a loaded bookmark's filter state as a new search. */
  onLoad(data: BookmarkData): void;
}

/** "Save as Bookmark" and "Load Bookmark" of a list (spec §2, §5, §8). */
export function BookmarkButtons({ urlPath, current, onLoad }: BookmarkButtonsProps) {
  const [open, setOpen] = useState<'save' | 'load' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Button variant="default" leftSection={<IconBookmarkPlus size={16} aria-hidden />} onClick={() => setOpen('save')}>
        <Trans>Save as Bookmark</Trans>
      </Button>
      <Button variant="default" leftSection={<IconBookmark size={16} aria-hidden />} onClick={() => setOpen('load')}>
        <Trans>Load Bookmark</Trans>
      </Button>
      {open === 'save' && <SaveBookmarkDialog urlPath={urlPath} data={current()} onClose={close} />}
      {open === 'load' && <LoadBookmarkDialog urlPath={urlPath} onLoad={onLoad} onClose={close} />}
    </>
  );
}

function SaveBookmarkDialog({ urlPath, data, onClose }: { urlPath: string; data: BookmarkData; onClose(): void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const bookmarks = useQuery(listSettingsQueries.bookmarks(urlPath));
  const existing = bookmarks.data ?? [];
  const [type, setType] = useState<BookmarkSaveType | null>(null);
  const [typedName, setName] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [errors, setErrors] = useState<BookmarkSaveErrors>({});
  // The default name waits for the list, so its number is the next free one of the day.
  const name = typedName ?? (bookmarks.data ? defaultBookmarkName(new Date(), existing.map((b) => b.template_name)) : '');

  const save = useMutation({
    mutationFn: async () => {
      if (type === 'overwrite') await callApi(contract.updateBookmark, { template_id: Number(templateId), data });
      else await callApi(contract.createBookmark, { url_path: urlPath, key_name: '', template_name: name.trim(), data });
    },
    onSuccess: async () => {
      toast.success(t`Bookmark saved Successfully`);
      await queryClient.invalidateQueries({ queryKey: listSettingsQueries.bookmarks(urlPath).queryKey });
      onClose();
    },
  });

  const submit = () => {
    const found = validateBookmarkSave({ type, name, templateId, existingCount: existing.length });
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  return (
    <Modal opened onClose={onClose} title={t`Save as Bookmark`} centered>
      <Stack gap="sm">
        <Radio.Group
          label={t`Type`}
          withAsterisk
          value={type}
          onChange={(v) => {
            setType(v as BookmarkSaveType);
            setErrors({});
          }}
          error={errors.type && i18n._(errors.type)}
        >
          <Group mt={4}>
            <Radio value="new" label={t`New bookmark`} />
            <Radio value="overwrite" label={t`Save over existing`} disabled={existing.length === 0} />
          </Group>
        </Radio.Group>
        {type === 'new' && (
          <TextInput
            label={t`Bookmark Name`}
            withAsterisk
            value={name}
            maxLength={MAX_TEMPLATE_NAME}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => !name.trim() && setErrors({ name: BOOKMARK_MESSAGES.nameRequired })}
            error={errors.name && i18n._(errors.name)}
          />
        )}
        {type === 'overwrite' && (
          <Select
            label={t`Bookmark`}
            withAsterisk
            data={existing.map((b) => ({ value: String(b.template_id), label: b.template_name }))}
            value={templateId}
            onChange={setTemplateId}
            error={errors.bookmark && i18n._(errors.bookmark)}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {errors.limit && <Alert color="red" role="alert">{i18n._(errors.limit)}</Alert>}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}><Trans>Cancel</Trans></Button>
          <Button onClick={submit} loading={save.isPending}><Trans>Save</Trans></Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function LoadBookmarkDialog({ urlPath, onLoad, onClose }: { urlPath: string; onLoad(data: BookmarkData): void; onClose(): void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const bookmarks = useQuery(listSettingsQueries.bookmarks(urlPath));
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: listSettingsQueries.bookmarks(urlPath).queryKey });

  // Read afresh, so a bookmark saved over in another tab loads as saved.
  const load = useMutation({
    mutationFn: (id: number) => callApi(contract.getBookmarkDetail, { template_id: id }),
    onSuccess: (bookmark) => {
      onLoad(bookmark.data);
      toast.success(t`Load Bookmark Success!`);
      onClose();
    },
    onError: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(contract.deleteBookmark, { template_id: id }),
    onSuccess: () => {
      setTemplateId(null);
      toast.success(t`Bookmark deleted`);
    },
    onSettled: () => void refresh(),
  });
  const chosen = () => {
    setMissing(!templateId);
    return templateId ? Number(templateId) : null;
  };

  return (
    <Modal opened onClose={onClose} title={t`Load Bookmark`} centered>
      <Stack gap="sm">
        <Select
          label={t`Bookmark`}
          withAsterisk
          data={(bookmarks.data ?? []).map((b) => ({ value: String(b.template_id), label: b.template_name }))}
          value={templateId}
          onChange={(v) => {
            setTemplateId(v);
            setMissing(false);
          }}
          nothingFoundMessage={t`No bookmarks yet`}
          error={missing && i18n._(BOOKMARK_MESSAGES.bookmarkRequired)}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="space-between" mt="sm">
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={!templateId}
            loading={remove.isPending}
            onClick={() => templateId && remove.mutate(Number(templateId))}
          >
            <Trans>Delete</Trans>
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}><Trans>Cancel</Trans></Button>
            <Button
              loading={load.isPending}
              onClick={() => {
                const id = chosen();
                if (id !== null) load.mutate(id);
              }}
            >
              <Trans>Load</Trans>
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
