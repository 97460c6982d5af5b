import { useEffect, useState } from 'react';
import type { FlowChannel, FlowLiveMessage } from '../../flows/flow-live';
import {
  statesOfValue,
  trailOf,
  transitionsTaken,
  type Highlight,
  type TrailLine,
} from './live-highlight';
import type { StatechartGraph } from './statechart-graph';

const FLOW_CHANNEL: FlowChannel = 'sfoglia-flows';

export type LiveFlow = (Highlight & { running: true; steps: TrailLine[] }) | { running: false };

/**
 * Where this machine runs in another tab of the same browser (product rule R15.3): listens on
 * the flows' channel (src/flows/flow-broadcast.ts), asks the running flows where they are once
 * it opens, and maps each step to the drawing's states and arrows. Null until a flow speaks.
 */
export function useLiveFlow(graph: StatechartGraph | null): LiveFlow | null {
  const [live, setLive] = useState<LiveFlow | null>(null);
  useEffect(() => {
    if (!graph) return;
    const channel = new BroadcastChannel(FLOW_CHANNEL);
    channel.onmessage = ({ data }: MessageEvent<FlowLiveMessage>) => {
      if (data.type === 'flows.ask' || data.machineId !== graph.machineId) return;
      if (data.type === 'flow.stopped') {
        setLive({ running: false });
        return;
      }
      const { lines, ...earlier } = trailOf(graph, data.trail);
      setLive({
        running: true,
        stateIds: statesOfValue(graph, data.value),
        transitionIds: transitionsTaken(graph, data.transitions),
        ...earlier,
        steps: lines,
      });
    };
    channel.postMessage({ type: 'flows.ask' } satisfies FlowLiveMessage);
    return () => channel.close();
  }, [graph]);
  return live;
}
