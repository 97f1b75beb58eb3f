import { Navigate, type RouteObject } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { PublicOnlyRoute, RequireAuth } from './guard';
import { DashboardPage } from '../features/decision-hub/dashboard-page';
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
          { path: '/login', element: <LoginPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          {
            path: '/set-password',
            lazy: async () => ({
              Component: (await import('../features/auth/set-password-page')).SetPasswordPage,
            }),
          },
        ],
      },
      { path: '/404', element: <NotFoundPage /> },
      {
        // The frame of a use case's embed code: outside the shell; it checks the session itself.
        path: '/embed/agent/:useCaseId',
        lazy: async () => ({
          Component: (await import('../features/embed/embed-agent-page')).EmbedAgentPage,
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
                      Component: (await import('../features/conversation/conversation-page'))
                        .ConversationPage,
                    }),
                    handle: { title: 'New Analysis' } satisfies RouteHandle,
                  },
                  {
                    path: '/conversation/:id',
                    lazy: async () => ({
                      Component: (await import('../features/conversation/conversation-page'))
                        .ConversationPage,
                    }),
                    handle: { title: 'Conversation' } satisfies RouteHandle,
                  },
                  {
                    path: '/conversation/action/:action/:alertId',
                    lazy: async () => ({
                      Component: (await import('../features/conversation/conversation-page'))
                        .ConversationPage,
                    }),
                    handle: { title: 'Investigation' } satisfies RouteHandle,
                  },
                  {
                    path: '/recent-conversations',
                    lazy: async () => ({
                      Component: (await import('../features/conversation/recent-conversations-page'))
                        .RecentConversationsPage,
                    }),
                    handle: { title: 'Recent Conversations' } satisfies RouteHandle,
                  },
                  {
                    path: '/decisions',
                    lazy: async () => ({
                      Component: (await import('../features/decisions/decisions-page')).DecisionsPage,
                    }),
                    handle: { title: 'Decisions' } satisfies RouteHandle,
                  },
                  {
                    path: '/decisions/:id',
                    lazy: async () => ({
                      Component: (await import('../features/decisions/decision-detail-page'))
                        .DecisionDetailPage,
                    }),
                    handle: { title: 'Decision' } satisfies RouteHandle,
                  },
                  {
                    path: '/use-cases',
                    lazy: async () => ({
                      Component: (await import('../features/use-cases/use-cases-page')).UseCasesPage,
                    }),
                    handle: { title: 'Use Cases' } satisfies RouteHandle,
                  },
                  {
                    path: '/use-cases/wizard',
                    lazy: async () => ({
                      Component: (await import('../features/use-cases/use-case-wizard-page'))
                        .UseCaseWizardPage,
                    }),
                    handle: { title: 'New Use Case' } satisfies RouteHandle,
                  },
                  {
                    path: '/use-cases/:id',
                    lazy: async () => ({
                      Component: (await import('../features/use-cases/use-case-editor-page'))
                        .UseCaseEditorPage,
                    }),
                    handle: { title: 'Use Case' } satisfies RouteHandle,
                  }, // also /use-cases/new (one route, so the editor stays mounted when the first save replaces the URL)
                  {
                    path: '/database-connections',
                    lazy: async () => ({
                      Component: (await import('../features/data-sources/data-sources-page')).DataSourcesPage,
                    }),
                    handle: { title: 'Data Sources' } satisfies RouteHandle,
                  },
                  {
                    path: '/document-management',
                    lazy: async () => ({
                      Component: (await import('../features/documents/documents-page')).DocumentsPage,
                    }),
                    handle: { title: 'Document Management' } satisfies RouteHandle,
                  },
                  {
                    path: '/connections',
                    // The Agents screen's Action Flows tab is the action-flows feature's panel.
                    lazy: async () => {
                      const [{ AgentsPage }, { ActionFlowsPanel }] = await Promise.all([
                        import('../features/agents/agents-page'),
                        import('../features/action-flows/action-flows-panel'),
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
                      Component: (await import('../features/action-flows/action-flows-page')).ActionFlowsPage,
                    }),
                    handle: { title: 'Action Flows' } satisfies RouteHandle,
                  },
                  {
                    path: '/billing',
                    lazy: async () => ({
                      Component: (await import('../features/billing/billing-page')).BillingPage,
                    }),
                    handle: { title: 'Billing' } satisfies RouteHandle,
                  },
                  {
                    path: '/admin',
                    lazy: async () => ({
                      Component: (await import('../features/admin/admin-page')).AdminPage,
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
