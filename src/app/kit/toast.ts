import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { ERROR_TOAST_MS } from '../../shared/constants';

/** Toasts of the app: errors stay 3 s (spec §8), successes a little less. */
export const toast = {
  error: (message: ReactNode, autoClose: number = ERROR_TOAST_MS) =>
    notifications.show({ color: 'red', message, autoClose }),
  success: (message: ReactNode) => notifications.show({ color: 'teal', message, autoClose: 2500 }),
  info: (message: ReactNode) => notifications.show({ color: 'blue', message, autoClose: 3000 }),
  /** `id`: a later warning with the same id replaces this one (its time starts again) instead of stacking. */
  warning: (message: ReactNode, autoClose: number, title?: ReactNode, id?: string) => {
    if (id) notifications.hide(id);
    return notifications.show({ id, color: 'yellow', title, message, autoClose });
  },
};
