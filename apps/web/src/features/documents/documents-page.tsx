import { FileText, Folder } from 'lucide-react';
import { useState } from 'react';
import { Page, PageHeader } from '../../components/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useFolders } from './api/get-folders';
import { useUseCases } from './api/get-use-cases';
import { DocumentsTab } from './documents-tab';
import { FoldersTab } from './folders-tab';
import { UploadZone } from './upload-zone';

/** /document-management: upload, search, organise and share the documents Catalyst AI quotes (spec document 3). */
export function DocumentsPage() {
  const [tab, setTab] = useState('documents');
  const [folderId, setFolderId] = useState<number | null>(null);
  const folders = useFolders();
  const useCases = useUseCases();

  return (
    <Page>
      <PageHeader
        title="Document Management"
        description="Policies, contracts and research behind your use cases. Catalyst AI quotes them in its answers."
      />
      <div className="mt-6">
        <UploadZone useCases={useCases.data ?? []} folders={folders.data ?? []} />
      </div>
      <Tabs value={tab} onValueChange={setTab} className="mt-6">
        <TabsList>
          <TabsTrigger value="documents">
            <FileText aria-hidden /> Documents
          </TabsTrigger>
          <TabsTrigger value="folders">
            <Folder aria-hidden /> Folders
          </TabsTrigger>
        </TabsList>
        <TabsContent value="documents">
          <DocumentsTab
            folders={folders.data ?? []}
            useCases={useCases.data ?? []}
            folderId={folderId}
            onFolderChange={(id) => {
              setFolderId(id);
              setTab('documents');
            }}
          />
        </TabsContent>
        <TabsContent value="folders">
          <FoldersTab
            folders={folders}
            onOpen={(id) => {
              setFolderId(id);
              setTab('documents');
            }}
          />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
