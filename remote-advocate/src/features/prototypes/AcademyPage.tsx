import styled from 'styled-components';
import { Badge, PageHeader, Text, plainList, Panel, PlainList, splitRow } from 'shared-ui';
import { PreviewTitle, PrototypeNotice } from 'shared-ui/workspace';

interface Lesson {
  title: string;
  minutes: number;
}

interface Section {
  title: string;
  summary: string;
  lessons: readonly Lesson[];
}

/** Sample curriculum: the course layout to come, not real lessons yet. */
export const CURRICULUM: readonly Section[] = [
  {
    title: 'Getting started',
    summary: 'How campaigns, share links and rewards fit together.',
    lessons: [
      { title: 'Welcome to the academy', minutes: 3 },
      { title: 'How tracked links credit you', minutes: 6 },
      { title: 'Reading a reward rule', minutes: 5 },
    ],
  },
  {
    title: 'Choosing campaigns',
    summary: 'Picking brands your audience already trusts.',
    lessons: [
      { title: 'Matching products to followers', minutes: 7 },
      { title: 'Percentage or flat rewards?', minutes: 4 },
    ],
  },
  {
    title: 'Sharing that converts',
    summary: 'Posts, stories and emails that people click.',
    lessons: [
      { title: 'Writing an honest recommendation', minutes: 8 },
      { title: 'Where to place your link', minutes: 5 },
      { title: 'Timing your posts', minutes: 6 },
    ],
  },
  {
    title: 'Growing your earnings',
    summary: 'Learning from your clicks and conversions.',
    lessons: [
      { title: 'Reading your dashboard', minutes: 6 },
      { title: 'Trying a second channel', minutes: 5 },
    ],
  },
];

const totalMinutes = (lessons: readonly Lesson[]) =>
  lessons.reduce((sum, lesson) => sum + lesson.minutes, 0);

/** InAcademy (/advocate/inacademy): a prototype of the course curriculum. */
export function AcademyPage() {
  return (
    <>
      <PrototypeNotice>
        <Text>
          The academy will teach you to promote campaigns well. The sections and lessons below are
          samples; none can be opened yet.
        </Text>
      </PrototypeNotice>
      <PageHeader
        title={<PreviewTitle>InAcademy</PreviewTitle>}
        subtitle="Course curriculum: learn to share campaigns that convert."
      />
      <PlainList ordered gap={4} aria-label="Course curriculum">
        {CURRICULUM.map((section, index) => (
          <li key={section.title}>
            <Panel
              title={`Section ${index + 1}: ${section.title}`}
              gap={2}
              actions={
                <Badge tone="neutral">
                  {section.lessons.length} lessons · {totalMinutes(section.lessons)} min
                </Badge>
              }
            >
              <Text muted size="sm">
                {section.summary}
              </Text>
              <Lessons>
                {section.lessons.map((lesson, lessonIndex) => (
                  <LessonRow key={lesson.title}>
                    <span>
                      {index + 1}.{lessonIndex + 1} {lesson.title}
                    </span>
                    <Text as="span" size="sm" muted>
                      {lesson.minutes} min
                    </Text>
                  </LessonRow>
                ))}
              </Lessons>
            </Panel>
          </li>
        ))}
      </PlainList>
    </>
  );
}

const Lessons = styled.ol`
  ${plainList}
  margin-top: ${({ theme }) => theme.spacing(2)};
`;

const LessonRow = styled.li`
  ${splitRow(2, 3, 'stretch')}
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
`;
