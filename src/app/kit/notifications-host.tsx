import { Suspense, lazy, useState, type ComponentProps } from 'react';
import { useNotifications, type Notifications as NotificationsContainer } from '@mantine/notifications';

// The toasts' container (its transitions and portal) is loaded when the first toast is shown:
// most sign-in pages show none.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

/** Mantine's `<Notifications>`, mounted once a toast is in the store (it shows those already there). */
export function NotificationsHost(props: ComponentProps<typeof NotificationsContainer>) {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
