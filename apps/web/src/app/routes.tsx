import { Navigate, type RouteObject } from 'react-router';
import { loadForgotPasswordPage, loadLoginPage, loadSetPasswordPage } from '../features/auth';
import { DashboardPage } from '../features/decision-hub';
import { loadEmbedAgentPage } from '../features/embed';
import { loadConversationPage, loadRecentConversationsPage } from '../features/conversation';
import { loadDecisionsPage, loadDecisionDetailPage } from '../features/decisions';
import { loadUseCasesPage, loadUseCaseWizardPage, loadUseCaseEditorPage } from '../features/use-cases';
import { loadDataSourcesPage } from '../features/data-sources';
import { loadDocumentsPage } from '../features/documents';
import { loadAgentsPage } from '../features/agents';
import { loadActionFlowsPanel, loadActionFlowsPage } from '../features/action-flows';
import { loadBillingPage } from '../features/billing';
import { loadAdminPage } from '../features/admin';
import { PublicOnlyRoute, RequireAuth } from './guard';
import { InShellNotFound, NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import { AppShell } from './shell/app-shell';
import type { RouteHandle } from './shell/header';

/** Spec document 1 §2.1 and document 3: every route of the app. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // Shown only while a lazy screen's code loads on the very first page view.
    hydrateFallbackElement: <div className="min-h-dvh bg-background" />,
    children: [
      {
        element: <PublicOnlyRoute />,
        children: [
          {
            path: '/login',
            lazy: async () => ({ Component: (await loadLoginPage()).LoginPage }),
          },
          {
            path: '/forgot-password',
            lazy: async () => ({ Component: (await loadForgotPasswordPage()).ForgotPasswordPage }),
          },
          {
            path: '/set-password',
            lazy: async () => ({
              Component: (await loadSetPasswordPage()).SetPasswordPage,
            }),
          },
        ],
      },
      { path: '/404', element: <NotFoundPage /> },
      {
        // The frame of a use case's embed code: outside the shell; it checks the session itself.
        path: '/embed/agent/:useCaseId',
        lazy: async () => ({
          Component: (await loadEmbedAgentPage()).EmbedAgentPage,
        }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              {
                errorElement: <RouteErrorPage />,
                children: [
                  {
                    index: true,
                    element: <DashboardPage />,
                    handle: { title: 'Decision Hub' } satisfies RouteHandle,
                  },
                  {
                    path: '/conversation/new',
                    lazy: async () => ({
                      Component: (await loadConversationPage()).ConversationPage,
                    }),
                    handle: { title: 'New Analysis' } satisfies RouteHandle,
                  },
                  {
                    path: '/conversation/:id',
                    lazy: async () => ({
                      Component: (await loadConversationPage()).ConversationPage,
                    }),
                    handle: { title: 'Conversation' } satisfies RouteHandle,
                  },
                  {
                    path: '/conversation/action/:action/:alertId',
                    lazy: async () => ({
                      Component: (await loadConversationPage()).ConversationPage,
                    }),
                    handle: { title: 'Investigation' } satisfies RouteHandle,
                  },
                  {
                    path: '/recent-conversations',
                    lazy: async () => ({
                      Component: (await loadRecentConversationsPage()).RecentConversationsPage,
                    }),
                    handle: { title: 'Recent Conversations' } satisfies RouteHandle,
                  },
                  {
                    path: '/decisions',
                    lazy: async () => ({
                      Component: (await loadDecisionsPage()).DecisionsPage,
                    }),
                    handle: { title: 'Decisions' } satisfies RouteHandle,
                  },
                  {
                    path: '/decisions/:id',
                    lazy: async () => ({
                      Component: (await loadDecisionDetailPage()).DecisionDetailPage,
                    }),
                    handle: { title: 'Decision' } satisfies RouteHandle,
                  },
                  {
                    path: '/use-cases',
                    lazy: async () => ({
                      Component: (await loadUseCasesPage()).UseCasesPage,
                    }),
                    handle: { title: 'Use Cases' } satisfies RouteHandle,
                  },
                  {
                    path: '/use-cases/wizard',
                    lazy: async () => ({
                      Component: (await loadUseCaseWizardPage()).UseCaseWizardPage,
                    }),
                    handle: { title: 'New Use Case' } satisfies RouteHandle,
                  },
                  {
                    path: '/use-cases/:id',
                    lazy: async () => ({
                      Component: (await loadUseCaseEditorPage()).UseCaseEditorPage,
                    }),
                    handle: { title: 'Use Case' } satisfies RouteHandle,
                  }, // also /use-cases/new (one route, so the editor stays mounted when the first save replaces the URL)
                  {
                    path: '/database-connections',
                    lazy: async () => ({
                      Component: (await loadDataSourcesPage()).DataSourcesPage,
                    }),
                    handle: { title: 'Data Sources' } satisfies RouteHandle,
                  },
                  {
                    path: '/document-management',
                    lazy: async () => ({
                      Component: (await loadDocumentsPage()).DocumentsPage,
                    }),
                    handle: { title: 'Document Management' } satisfies RouteHandle,
                  },
                  {
                    path: '/connections',
                    // The Agents screen's Action Flows tab is the action-flows feature's panel.
                    lazy: async () => {
                      const [{ AgentsPage }, { ActionFlowsPanel }] = await Promise.all([
                        loadAgentsPage(),
                        loadActionFlowsPanel(),
                      ]);
                      return {
                        Component: () => <AgentsPage actionFlows={<ActionFlowsPanel workflowForm />} />,
                      };
                    },
                    handle: { title: 'Agents' } satisfies RouteHandle,
                  },
                  {
                    path: '/action-flows',
                    lazy: async () => ({
                      Component: (await loadActionFlowsPage()).ActionFlowsPage,
                    }),
                    handle: { title: 'Action Flows' } satisfies RouteHandle,
                  },
                  {
                    path: '/billing',
                    lazy: async () => ({
                      Component: (await loadBillingPage()).BillingPage,
                    }),
                    handle: { title: 'Billing' } satisfies RouteHandle,
                  },
                  {
                    path: '/admin',
                    lazy: async () => ({
                      Component: (await loadAdminPage()).AdminPage,
                    }),
                    handle: { title: 'Admin Panel' } satisfies RouteHandle,
                  },
                  { path: '/mcp-connections', element: <Navigate to="/connections?tab=mcp" replace /> },
                  { path: '/llm-connections', element: <Navigate to="/connections?tab=llm" replace /> },
                  {
                    path: '*',
                    element: <InShellNotFound />,
                    handle: { title: 'Page not found' } satisfies RouteHandle,
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
