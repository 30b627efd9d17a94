/** Sound, vibration and voice feedback of the operator screens: screens call `cue`. */
export { cue, lastCue, setFeedbackPlatform, setSoundSettings, CUE_EVENT, type CueRecord } from './cue';
export { installAudioUnlock, playClip, unlockAudio } from './audio';
export { chooseVoice, speak, type VoiceInfo } from './voice';
