import { useWeakNetworkMonitor } from '../../kit/weak-network';
import { useWarehouseRefocusCheck } from './use-warehouse-refocus-check';
import { useWeakPasswordWarning } from './use-weak-password-warning';
import { Watermark } from './watermark';

/**
 * What the shell runs besides its frame and page, loaded once the page has painted: the
 * refocus warehouse check, the weak-password warning, the weak-network monitor and the
 * watermark. (The notification sounds apply from the first render: ShellLayout.)
 */
export default function ShellServices({ email, timeRegion, onChangePassword }: {
  email: string;
  timeRegion: string | undefined;
  onChangePassword: () => void;
}) {
  useWarehouseRefocusCheck();
  useWeakPasswordWarning(onChangePassword);
  useWeakNetworkMonitor();
  return <Watermark email={email} timeRegion={timeRegion} />;
}
