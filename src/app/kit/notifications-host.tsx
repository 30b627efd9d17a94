import { useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { useNotifications, type Notifications as NotificationsContainer } from '@mantine/notifications';

type ContainerProps = ComponentProps<typeof NotificationsContainer>;

/** How long after the shell mounts the container is fetched when no toast asked for it sooner. */
const PRELOAD_AFTER_MS = 3_000;

// The toasts' container (its transitions and portal) is not in the first chunks: most sign-in pages
// show none. It is fetched a little after start, so it is here before the network can drop (a
// toast offline must not need a fetch), or at once by the first toast; a failed fetch is tried
// again when the network is back, and toasts wait in the store meanwhile.
let loading: Promise<ComponentType<ContainerProps>> | null = null;
function loadContainer(): Promise<ComponentType<ContainerProps>> {
  loading ??= import('@mantine/notifications').then((module) => module.Notifications, (error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Mantine's `<Notifications>`, mounted once loaded (it shows the toasts already in the store). */
export function NotificationsHost(props: ContainerProps) {
  const { notifications, queue } = useNotifications();
  const [Container, setContainer] = useState<ComponentType<ContainerProps> | null>(null);
  const wanted = notifications.length + queue.length > 0;

  useEffect(() => {
    if (Container) return;
    let live = true;
    const load = () => {
      loadContainer().then((found) => live && setContainer(() => found), () => window.addEventListener('online', load, { once: true }));
    };
    const timer = wanted ? null : window.setTimeout(load, PRELOAD_AFTER_MS);
    if (wanted) load();
    return () => {
      live = false;
      if (timer !== null) window.clearTimeout(timer);
      window.removeEventListener('online', load);
    };
  }, [Container, wanted]);

  return Container ? <Container {...props} /> : null;
}
