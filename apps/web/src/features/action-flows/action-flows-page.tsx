import { Page, PageHeader } from '../../components/page';
import { ActionFlowsPanel } from './action-flows-panel';

/** /action-flows (spec document 3): the organisation's action flows. */
export function ActionFlowsPage() {
  return (
    <Page>
      <PageHeader
        title="Action Flows"
        description="The steps your team takes when a decision or an alert calls for action."
      />
      <div className="mt-6">
        <ActionFlowsPanel />
      </div>
    </Page>
  );
}
